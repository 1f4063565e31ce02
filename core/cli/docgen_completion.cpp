// Shell completions from the command table: bash (a bash-completion script) and zsh (an
// autoloadable #compdef function). Both complete command and subcommand words, each
// command's options, and values by kind: the wires and tool shapes of the registry, the
// built-in profile ids, the bare tool-choice words, files (projects as *.toolwire), and the
// URL variable names of the profiles for --url-var.

#include "cli/docgen.h"

#include "cli/docgen_detail.h"
#include "provider/profile.h"

#include <algorithm>

namespace tw::cli {

namespace {

// The kind's name in the generated scripts.
std::string_view kindName(ValueKind k)
{
    switch (k) {
    case ValueKind::None: return "switch";
    case ValueKind::Text: return "text";
    case ValueKind::Integer: return "integer";
    case ValueKind::Json: return "json";
    case ValueKind::Choice: return "choice";
    case ValueKind::File: return "file";
    case ValueKind::Input: return "input";
    case ValueKind::Path: return "path";
    case ValueKind::Project: return "project";
    case ValueKind::Wire: return "wire";
    case ValueKind::ToolShape: return "toolshape";
    case ValueKind::Profile: return "profile";
    case ValueKind::Url: return "url";
    case ValueKind::CommandLine: return "commandline";
    case ValueKind::Assignment: return "assignment";
    case ValueKind::ToolName: return "toolname";
    case ValueKind::Preset: return "preset";
    }
    return "text";
}

// The kinds whose values form a list the scripts spell out.
constexpr ValueKind kListedKinds[] = {ValueKind::Wire, ValueKind::ToolShape, ValueKind::Profile, ValueKind::Choice};

// The URL variable names of the built-in profiles, for NAME=VALUE.
std::vector<std::string> urlVariableNames()
{
    std::vector<std::string> names;
    for (const provider::Profile& p : provider::builtinProfiles())
        for (const provider::UrlVar& v : p.urlVars)
            if (std::find(names.begin(), names.end(), v.name) == names.end())
                names.push_back(v.name);
    return names;
}

std::string words(const std::vector<ValueChoice>& values)
{
    std::string out;
    for (const ValueChoice& v : values)
        out += (out.empty() ? "" : " ") + v.name;
    return out;
}

std::string optionNames(const Command& c)
{
    std::string out;
    for (const Option& o : c.options)
        out += "--" + std::string(o.name) + " ";
    return out + "--help -h";
}

std::string fileExtension(std::string_view glob) { return std::string(glob.substr(glob.rfind('.') + 1)); }

// ---- bash ---------------------------------------------------------------------------------

std::string bashOptionKinds()
{
    std::string s = "# The kind of value an option takes (switch: none); fails for an unknown option.\n"
                    "_toolwire_option_kind()\n{\n    case \"$1 $2\" in\n";
    for (const GuiOption& g : guiOptions())
        s += "        \"toolwire --" + std::string(g.name) + "\") echo gui-" + std::string(g.name) + " ;;\n";
    s += "        \"toolwire --help\" | \"toolwire -h\" | \"toolwire --version\") echo switch ;;\n";
    for (const LeafCommand& l : leafCommands()) {
        for (const Option& o : l.command->options)
            s += "        \"toolwire " + l.path + " --" + std::string(o.name) + "\") echo " + std::string(kindName(o.kind)) + " ;;\n";
    }
    s += "        *\" --help\" | *\" -h\") echo switch ;;\n"
         "        *) return 1 ;;\n    esac\n}\n\n";
    return s;
}

std::string bashOptionLists()
{
    std::string s = "_toolwire_options()\n{\n    case $1 in\n        toolwire) echo \"";
    for (const GuiOption& g : guiOptions())
        s += "--" + std::string(g.name) + " ";
    s += "--help -h --version\" ;;\n";
    for (const LeafCommand& l : leafCommands())
        s += "        \"toolwire " + l.path + "\") echo \"" + optionNames(*l.command) + "\" ;;\n";
    return s + "        *) echo \"--help -h\" ;;\n    esac\n}\n\n";
}

// The command and subcommand words that may follow a path, "help" included.
std::string bashWords()
{
    std::string top;
    for (const Command& c : commands())
        top += std::string(c.name) + " ";
    std::string s = "_toolwire_words()\n{\n    case $1 in\n";
    s += "        toolwire) echo \"" + top + "help\" ;;\n";
    s += "        \"toolwire help\") echo \"" + top.substr(0, top.size() - 1) + "\" ;;\n";
    for (const Command& c : commands()) {
        if (c.subcommands.empty())
            continue;
        std::string subs;
        for (const Command& sub : c.subcommands)
            subs += (subs.empty() ? "" : " ") + std::string(sub.name);
        s += "        \"toolwire " + std::string(c.name) + "\" | \"toolwire help " + std::string(c.name) + "\") echo \"" + subs + "\" ;;\n";
    }
    return s + "    esac\n}\n\n";
}

std::string bashPositionals()
{
    std::string s = "# The kind of the Nth (0-based) positional argument of a command.\n"
                    "_toolwire_positional_kind()\n{\n    local kinds=() many=\n    case $1 in\n";
    for (const LeafCommand& l : leafCommands()) {
        if (l.command->positionals.empty())
            continue;
        std::string kinds;
        bool many = false;
        for (const Positional& p : l.command->positionals) {
            kinds += (kinds.empty() ? "" : " ") + std::string(kindName(p.kind));
            many = p.arity == Arity::Many;
        }
        s += "        \"toolwire " + l.path + "\") kinds=(" + kinds + ")" + (many ? " many=1" : "") + " ;;\n";
    }
    s += "        *) return 1 ;;\n    esac\n"
         "    local n=$2\n"
         "    ((n >= ${#kinds[@]})) && { [[ -n $many ]] || return 1; n=$((${#kinds[@]} - 1)); }\n"
         "    echo \"${kinds[n]}\"\n}\n\n";
    return s;
}

std::string bashKinds()
{
    std::string s = "_toolwire_complete_kind()\n{\n    case $1 in\n";
    for (ValueKind k : kListedKinds)
        s += "        " + std::string(kindName(k)) + ") COMPREPLY=($(compgen -W \"" + words(completionValues(k)) + "\" -- \"$cur\")) ;;\n";
    for (const GuiOption& g : guiOptions()) {
        if (!g.values.empty()) {
            std::string v;
            for (std::string_view x : g.values)
                v += (v.empty() ? "" : " ") + std::string(x);
            s += "        gui-" + std::string(g.name) + ") COMPREPLY=($(compgen -W \"" + v + "\" -- \"$cur\")) ;;\n";
        } else if (!g.fileGlob.empty()) {
            s += "        gui-" + std::string(g.name) + ") _toolwire_files " + fileExtension(g.fileGlob) + " ;;\n";
        }
    }
    std::string vars;
    for (const std::string& v : urlVariableNames())
        vars += (vars.empty() ? "" : " ") + v + "=";
    s += "        input) COMPREPLY=($(compgen -W \"-\" -- \"$cur\")); _toolwire_files ;;\n"
         "        file | path) _toolwire_files ;;\n"
         "        project) _toolwire_files toolwire ;;\n"
         "        assignment)\n"
         "            COMPREPLY=($(compgen -W \"" +
        vars +
        "\" -- \"$cur\"))\n"
        "            ((${#COMPREPLY[@]})) && compopt -o nospace 2>/dev/null\n"
        "            ;;\n"
        "        *) COMPREPLY=() ;;\n    esac\n}\n\n";
    return s;
}

constexpr const char* kBashHead = R"sh(# Files to offer, appended to COMPREPLY: those ending in .$1 (and folders), or any.
_toolwire_files()
{
    if declare -F _filedir >/dev/null 2>&1; then
        if [[ -n ${1-} ]]; then _filedir "$1"; else _filedir; fi
    else
        local IFS=$'\n' f
        for f in $(compgen -f -- "$cur"); do
            [[ -z ${1-} || -d $f || $f == *."$1" ]] && COMPREPLY+=("$f")
        done
        compopt -o filenames 2>/dev/null
    fi
}

)sh";

constexpr const char* kBashMain = R"sh(_toolwire()
{
    local cur prev words cword split=false
    if declare -F _init_completion >/dev/null 2>&1; then
        _init_completion -s || return
    else
        # Without bash-completion: COMP_WORDS splits --opt=value at the '='.
        words=("${COMP_WORDS[@]}")
        cword=$COMP_CWORD
        cur=${words[cword]}
        prev=${words[cword - 1]-}
        [[ $cur == = ]] && cur=
        [[ $prev == = ]] && prev=${words[cword - 2]-}
        COMPREPLY=()
    fi

    # The command words so far ("toolwire mcp call"), and the positional arguments after them.
    local path=toolwire npos=0 i w skip=
    for ((i = 1; i < cword; i++)); do
        w=${words[i]}
        if [[ $w == = ]]; then skip=1; continue; fi
        if [[ -n $skip ]]; then skip=; continue; fi
        if [[ $w == -* ]]; then
            local k
            [[ $w != *=* ]] && k=$(_toolwire_option_kind "$path" "$w") && [[ $k != switch ]] && skip=1
            continue
        fi
        if ((npos == 0)) && [[ " $(_toolwire_words "$path") " == *" $w "* ]]; then
            path="$path $w"
            continue
        fi
        npos=$((npos + 1))
    done

    local kind
    if [[ $prev == -* ]] && kind=$(_toolwire_option_kind "$path" "$prev") && [[ $kind != switch ]]; then
        _toolwire_complete_kind "$kind"
        return
    fi
    if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W "$(_toolwire_options "$path")" -- "$cur"))
        return
    fi
    if ((npos == 0)); then
        local next
        next=$(_toolwire_words "$path")
        if [[ -n $next ]]; then
            COMPREPLY=($(compgen -W "$next" -- "$cur"))
            [[ $path == toolwire ]] && _toolwire_files toolwire # or a project to open
            return
        fi
    fi
    kind=$(_toolwire_positional_kind "$path" "$npos") && _toolwire_complete_kind "$kind"
}

complete -F _toolwire toolwire
)sh";

// ---- zsh ----------------------------------------------------------------------------------

// Text inside single quotes.
std::string zq(std::string_view s)
{
    std::string out;
    for (char c : s)
        out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out;
}

// A description's phrase up to its first clause break: what fits beside a candidate.
std::string_view shortPhrase(std::string_view d)
{
    for (std::string_view stop : {std::string_view(": "), std::string_view("; "), std::string_view(" (")}) {
        const std::size_t at = d.find(stop);
        if (at != std::string_view::npos && at > 0)
            d = d.substr(0, at);
    }
    return d;
}

// An _arguments explanation (inside [...]): the short phrase, brackets escaped.
std::string zshExplanation(std::string_view d)
{
    std::string out;
    for (char c : shortPhrase(d)) {
        if (c == '[' || c == ']' || c == '\\')
            out += '\\';
        out += c;
    }
    return zq(out);
}

// A message (the part between colons in a spec): colons escaped.
std::string zshMessage(std::string_view m)
{
    std::string out;
    for (char c : m) {
        if (c == ':' || c == '\\')
            out += '\\';
        out += c;
    }
    return zq(out);
}

std::string zshAction(ValueKind k)
{
    switch (k) {
    case ValueKind::Wire:
    case ValueKind::ToolShape:
    case ValueKind::Profile:
    case ValueKind::Choice: return "_toolwire_values " + std::string(kindName(k));
    case ValueKind::File:
    case ValueKind::Path: return "_files";
    case ValueKind::Input: return "_toolwire_input";
    case ValueKind::Project: return "_files -g \"*.toolwire(-.)\"";
    case ValueKind::Assignment: return "_toolwire_url_vars";
    default: return " ";
    }
}

std::string zshFunctionName(const std::string& path)
{
    std::string name = "_toolwire_" + path;
    std::replace(name.begin(), name.end(), ' ', '_');
    std::replace(name.begin(), name.end(), '-', '_');
    return name;
}

std::string zshLeaf(const LeafCommand& l)
{
    const Command& c = *l.command;
    std::string s = zshFunctionName(l.path) + "()\n{\n    _arguments -S \\\n        '(- *)'{-h,--help}'[show this help]' \\\n";
    for (const Option& o : c.options) {
        std::string exclusions;
        for (const Option& g : c.options)
            if (!o.group.empty() && g.group == o.group && g.name != o.name)
                exclusions += (exclusions.empty() ? "" : " ") + ("--" + std::string(g.name));
        std::string spec = o.repeatable ? "*" : exclusions.empty() ? "" : "(" + exclusions + ")";
        spec += "--" + std::string(o.name);
        if (o.valueName.empty())
            spec += "[" + zshExplanation(o.description) + "]";
        else
            spec += "=[" + zshExplanation(o.description) + "]:" + zshMessage(o.valueName) + ":" + zq(zshAction(o.kind));
        s += "        '" + spec + "' \\\n";
    }
    int n = 1;
    for (const Positional& p : c.positionals) {
        const std::string head = p.arity == Arity::Many ? "*" : std::to_string(n++);
        const std::string colon = p.arity == Arity::Optional ? "::" : ":";
        // An open kind offers nothing, but must not hide the options: a bare message would
        // keep `--st` from completing to --stdio, _guard steps aside for words starting with -.
        std::string action = zshAction(p.kind);
        if (action == " ")
            action = "_guard \"^-*\" \"" + std::string(p.name) + "\"";
        s += "        '";
        s += head;
        s += colon;
        s += zshMessage(p.name);
        s += ":";
        s += zq(action);
        s += "' \\\n";
    }
    s.erase(s.size() - 3); // the last " \\\n"
    return s + "\n}\n\n";
}

// `_describe` items "name:description" for a list of commands.
std::string zshCommandItems(std::span<const Command> list)
{
    std::string s;
    for (const Command& c : list)
        s += "        '" + zq(std::string(c.name)) + ":" + zq(shortPhrase(c.summary)) + "'\n";
    return s;
}

std::string zshParent(const Command& c)
{
    const std::string name(c.name);
    std::string s = zshFunctionName(name) + "_commands()\n{\n    local -a subcommands=(\n" + zshCommandItems(c.subcommands) +
        "    )\n    _describe -t commands '" + zq(name) + " command' subcommands\n}\n\n";
    s += zshFunctionName(name) +
        "()\n{\n    local curcontext=$curcontext state state_descr line ret=1\n"
        "    local -A opt_args\n"
        "    _arguments -C \\\n        '(- *)'{-h,--help}'[show this help]' \\\n"
        "        '1: :->command' \\\n        '*:: :->argument' && ret=0\n"
        "    case $state in\n"
        "        command) " +
        zshFunctionName(name) +
        "_commands && ret=0 ;;\n"
        "        argument)\n            curcontext=${curcontext%:*:*}:toolwire-" +
        name +
        "-$line[1]:\n"
        "            case $line[1] in\n";
    for (const Command& sub : c.subcommands)
        s += "                " + std::string(sub.name) + ") " + zshFunctionName(name + " " + std::string(sub.name)) + " && ret=0 ;;\n";
    return s + "            esac\n            ;;\n    esac\n    return ret\n}\n\n";
}

std::string zshValues()
{
    // _arguments calls an action with compadd options before its own arguments: the kind is
    // the last argument, and the options go on to _describe.
    std::string s = "_toolwire_values()\n{\n    local kind=$argv[-1]\n    local -a values\n    argv[-1]=()\n    case $kind in\n";
    for (ValueKind k : kListedKinds) {
        s += "        " + std::string(kindName(k)) + ") values=(";
        for (const ValueChoice& v : completionValues(k))
            s += "\n            '" + zq(v.name) + ":" + zq(v.description) + "'";
        s += "\n        ) ;;\n";
    }
    return s + "    esac\n    _describe -t values \"$kind\" values \"$@\"\n}\n\n";
}

} // namespace

std::string bashCompletion()
{
    std::string s = std::string("# bash completion for toolwire\n# ") + docgen::kGeneratedNote + "\n\n";
    s += kBashHead;
    s += bashOptionKinds() + bashOptionLists() + bashWords() + bashPositionals() + bashKinds();
    s += kBashMain;
    return s;
}

std::string zshCompletion()
{
    std::string s = std::string("#compdef toolwire\n# zsh completion for toolwire\n# ") + docgen::kGeneratedNote + "\n\n";
    s += zshValues();
    s += "_toolwire_input()\n{\n    _alternative 'stdin:standard input:(-)' 'files:file:_files'\n}\n\n";
    std::string vars;
    for (const std::string& v : urlVariableNames())
        vars += " " + v;
    s += "_toolwire_url_vars()\n{\n    compadd \"$@\" -S = --" + vars + "\n}\n\n";
    for (const LeafCommand& l : leafCommands())
        s += zshLeaf(l);
    for (const Command& c : commands())
        if (!c.subcommands.empty())
            s += zshParent(c);
    s += "_toolwire_commands()\n{\n    local -a commands=(\n" + zshCommandItems(commands()) +
        "        'help:a command'\\''s options and arguments'\n    )\n    _describe -t commands 'toolwire command' commands\n}\n\n";
    s += "_toolwire_help()\n{\n    if ((CURRENT == 2)); then\n        _toolwire_commands\n    elif ((CURRENT == 3)); then\n"
         "        case $words[2] in\n";
    for (const Command& c : commands())
        if (!c.subcommands.empty())
            s += "            " + std::string(c.name) + ") " + zshFunctionName(std::string(c.name)) + "_commands ;;\n";
    s += "        esac\n    fi\n}\n\n";

    s += "_toolwire()\n{\n    local curcontext=$curcontext state state_descr line ret=1\n    local -A opt_args\n"
         "    _arguments -C -S \\\n"
         "        '(- :)'{-h,--help}'[print the usage]' \\\n"
         "        '(- :)--version[print the version]' \\\n";
    for (const GuiOption& g : guiOptions()) {
        std::string action = " ";
        if (!g.values.empty()) {
            action = "(";
            for (std::string_view v : g.values)
                action += (action.size() > 1 ? " " : "") + std::string(v);
            action += ")";
        } else if (!g.fileGlob.empty()) {
            action = "_files -g \"" + std::string(g.fileGlob) + "(-.)\"";
        }
        s +=
            "        '--" + std::string(g.name) + "=[" + zshExplanation(g.description) + "]:" + zshMessage(g.valueName) + ":" + zq(action) + "' \\\n";
    }
    s += "        '1: :->command' \\\n        '*:: :->argument' && ret=0\n"
         "    case $state in\n"
         "        command)\n"
         "            _alternative 'commands:command:_toolwire_commands' 'projects:project:_files -g \"*.toolwire(-.)\"' && ret=0\n"
         "            ;;\n"
         "        argument)\n"
         "            curcontext=${curcontext%:*:*}:toolwire-$line[1]:\n"
         "            case $line[1] in\n"
         "                help) _toolwire_help && ret=0 ;;\n";
    for (const Command& c : commands())
        s += "                " + std::string(c.name) + ") " + zshFunctionName(std::string(c.name)) + " && ret=0 ;;\n";
    s += "            esac\n            ;;\n    esac\n    return ret\n}\n\n";
    // Autoloaded from $fpath, the file is the body of _toolwire; sourced, it registers it.
    s += "if [[ ${zsh_eval_context[-1]-} == loadautofunc ]]; then\n    _toolwire \"$@\"\nelse\n"
         "    compdef _toolwire toolwire\nfi\n";
    return s;
}

} // namespace tw::cli
