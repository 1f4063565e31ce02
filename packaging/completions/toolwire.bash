# bash completion for toolwire
# Generated from the command table (core/cli/commands.cpp) by scripts/gen-packaging.sh; do not edit.

# Files to offer, appended to COMPREPLY: those ending in .$1 (and folders), or any.
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

# The kind of value an option takes (switch: none); fails for an unknown option.
_toolwire_option_kind()
{
    case "$1 $2" in
        "toolwire --screenshot") echo gui-screenshot ;;
        "toolwire --state") echo gui-state ;;
        "toolwire --size") echo gui-size ;;
        "toolwire --theme") echo gui-theme ;;
        "toolwire --help" | "toolwire -h" | "toolwire --version") echo switch ;;
        "toolwire convert --to") echo toolshape ;;
        "toolwire convert --choice") echo choice ;;
        "toolwire extract --wire") echo wire ;;
        "toolwire check --emit-actual") echo switch ;;
        "toolwire validate --schema") echo input ;;
        "toolwire validate --lines") echo switch ;;
        "toolwire lint --wire") echo wire ;;
        "toolwire lint --json") echo switch ;;
        "toolwire lint --fix") echo switch ;;
        "toolwire lint --o") echo path ;;
        "toolwire tokens --wire") echo wire ;;
        "toolwire tokens --json") echo switch ;;
        "toolwire tokens --count-endpoint") echo switch ;;
        "toolwire tokens --base-url") echo url ;;
        "toolwire tokens --model") echo text ;;
        "toolwire send --wire") echo wire ;;
        "toolwire send --profile") echo profile ;;
        "toolwire send --base-url") echo url ;;
        "toolwire send --url-var") echo assignment ;;
        "toolwire send --model") echo text ;;
        "toolwire send --stream") echo switch ;;
        "toolwire send --tools") echo file ;;
        "toolwire send --choice") echo choice ;;
        "toolwire send --system") echo text ;;
        "toolwire send --max-tokens") echo integer ;;
        "toolwire send --message") echo text ;;
        "toolwire send --project") echo project ;;
        "toolwire send --preset") echo preset ;;
        "toolwire send --trust-project") echo switch ;;
        "toolwire loop --preset") echo preset ;;
        "toolwire loop --stdio") echo commandline ;;
        "toolwire loop --http") echo url ;;
        "toolwire loop --max-iterations") echo integer ;;
        "toolwire loop --base-url") echo url ;;
        "toolwire loop --trust-project") echo switch ;;
        "toolwire run --preset") echo preset ;;
        "toolwire run --profile") echo profile ;;
        "toolwire run --base-url") echo url ;;
        "toolwire run --junit") echo path ;;
        "toolwire run --repeat") echo integer ;;
        "toolwire run --trust-project") echo switch ;;
        "toolwire import --o") echo project ;;
        "toolwire export --to") echo text ;;
        "toolwire export --wire") echo wire ;;
        "toolwire export --preset") echo preset ;;
        "toolwire export --base-url") echo url ;;
        "toolwire history list --limit") echo integer ;;
        "toolwire history list --json") echo switch ;;
        "toolwire history show --json") echo switch ;;
        "toolwire history search --provider") echo profile ;;
        "toolwire history search --model") echo text ;;
        "toolwire history search --tool") echo toolname ;;
        "toolwire history search --wire") echo wire ;;
        "toolwire history search --text") echo text ;;
        "toolwire history search --limit") echo integer ;;
        "toolwire history search --json") echo switch ;;
        "toolwire history prune --older-than") echo integer ;;
        "toolwire history prune --keep") echo integer ;;
        "toolwire history prune --max-size") echo text ;;
        "toolwire mcp tools --stdio") echo commandline ;;
        "toolwire mcp tools --http") echo url ;;
        "toolwire mcp tools --protocol") echo text ;;
        "toolwire mcp call --stdio") echo commandline ;;
        "toolwire mcp call --http") echo url ;;
        "toolwire mcp call --protocol") echo text ;;
        "toolwire mcp serve --protocol") echo text ;;
        "toolwire mcp serve --http") echo text ;;
        "toolwire mock-provider --port") echo integer ;;
        "toolwire mock-provider --interval-ms") echo integer ;;
        *" --help" | *" -h") echo switch ;;
        *) return 1 ;;
    esac
}

_toolwire_options()
{
    case $1 in
        toolwire) echo "--screenshot --state --size --theme --help -h --version" ;;
        "toolwire convert") echo "--to --choice --help -h" ;;
        "toolwire extract") echo "--wire --help -h" ;;
        "toolwire check") echo "--emit-actual --help -h" ;;
        "toolwire validate") echo "--schema --lines --help -h" ;;
        "toolwire lint") echo "--wire --json --fix --o --help -h" ;;
        "toolwire tokens") echo "--wire --json --count-endpoint --base-url --model --help -h" ;;
        "toolwire send") echo "--wire --profile --base-url --url-var --model --stream --tools --choice --system --max-tokens --message --project --preset --trust-project --help -h" ;;
        "toolwire loop") echo "--preset --stdio --http --max-iterations --base-url --trust-project --help -h" ;;
        "toolwire run") echo "--preset --profile --base-url --junit --repeat --trust-project --help -h" ;;
        "toolwire import") echo "--o --help -h" ;;
        "toolwire export") echo "--to --wire --preset --base-url --help -h" ;;
        "toolwire history list") echo "--limit --json --help -h" ;;
        "toolwire history show") echo "--json --help -h" ;;
        "toolwire history search") echo "--provider --model --tool --wire --text --limit --json --help -h" ;;
        "toolwire history prune") echo "--older-than --keep --max-size --help -h" ;;
        "toolwire mcp tools") echo "--stdio --http --protocol --help -h" ;;
        "toolwire mcp call") echo "--stdio --http --protocol --help -h" ;;
        "toolwire mcp serve") echo "--protocol --http --help -h" ;;
        "toolwire mock-provider") echo "--port --interval-ms --help -h" ;;
        *) echo "--help -h" ;;
    esac
}

_toolwire_words()
{
    case $1 in
        toolwire) echo "convert extract check validate lint tokens send loop run import export history mcp mock-provider help" ;;
        "toolwire help") echo "convert extract check validate lint tokens send loop run import export history mcp mock-provider" ;;
        "toolwire history" | "toolwire help history") echo "list show search prune" ;;
        "toolwire mcp" | "toolwire help mcp") echo "tools call serve" ;;
    esac
}

# The kind of the Nth (0-based) positional argument of a command.
_toolwire_positional_kind()
{
    local kinds=() many=
    case $1 in
        "toolwire convert") kinds=(input) ;;
        "toolwire extract") kinds=(input) ;;
        "toolwire check") kinds=(path) many=1 ;;
        "toolwire validate") kinds=(input) ;;
        "toolwire lint") kinds=(file) ;;
        "toolwire tokens") kinds=(file) ;;
        "toolwire loop") kinds=(project) ;;
        "toolwire run") kinds=(project) ;;
        "toolwire import") kinds=(input) ;;
        "toolwire export") kinds=(project) ;;
        "toolwire history show") kinds=(text) ;;
        "toolwire mcp call") kinds=(toolname json) ;;
        "toolwire mcp serve") kinds=(project) ;;
        *) return 1 ;;
    esac
    local n=$2
    ((n >= ${#kinds[@]})) && { [[ -n $many ]] || return 1; n=$((${#kinds[@]} - 1)); }
    echo "${kinds[n]}"
}

_toolwire_complete_kind()
{
    case $1 in
        wire) COMPREPLY=($(compgen -W "openai responses anthropic gemini ollama hermes bedrock" -- "$cur")) ;;
        toolshape) COMPREPLY=($(compgen -W "openai responses anthropic gemini ollama hermes bedrock mcp" -- "$cur")) ;;
        profile) COMPREPLY=($(compgen -W "mock openai responses anthropic gemini ollama hermes vllm llamacpp lmstudio openrouter groq mistral gemini-openai bedrock" -- "$cur")) ;;
        choice) COMPREPLY=($(compgen -W "auto none required any" -- "$cur")) ;;
        gui-screenshot) _toolwire_files png ;;
        gui-state) COMPREPLY=($(compgen -W "design stream loop draft" -- "$cur")) ;;
        gui-theme) COMPREPLY=($(compgen -W "light dark" -- "$cur")) ;;
        input) COMPREPLY=($(compgen -W "-" -- "$cur")); _toolwire_files ;;
        file | path) _toolwire_files ;;
        project) _toolwire_files toolwire ;;
        assignment)
            COMPREPLY=($(compgen -W "region=" -- "$cur"))
            ((${#COMPREPLY[@]})) && compopt -o nospace 2>/dev/null
            ;;
        *) COMPREPLY=() ;;
    esac
}

_toolwire()
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
