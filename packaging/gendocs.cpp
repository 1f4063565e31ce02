// toolwire-gendocs FORMAT: prints one document generated from the command table
// (core/cli/docgen.h) on stdout. scripts/gen-packaging.sh runs it to refresh the committed
// copies; it is a build tool and is not installed.
//
//   man        the man page            (packaging/toolwire.1)
//   bash       bash completion         (packaging/completions/toolwire.bash)
//   zsh        zsh completion          (packaging/completions/_toolwire)
//   markdown   the CLI reference       (docs/cli.md)

#include "cli/docgen.h"

#include <cstdio>
#include <string>
#include <string_view>

int main(int argc, char** argv)
{
    const std::string_view format = argc == 2 ? std::string_view(argv[1]) : std::string_view();
    std::string text;
    if (format == "man")
        text = tw::cli::manPage();
    else if (format == "bash")
        text = tw::cli::bashCompletion();
    else if (format == "zsh")
        text = tw::cli::zshCompletion();
    else if (format == "markdown")
        text = tw::cli::markdownReference();
    else {
        std::fprintf(stderr, "usage: toolwire-gendocs man|bash|zsh|markdown\n");
        return 2;
    }
    return std::fwrite(text.data(), 1, text.size(), stdout) == text.size() ? 0 : 1;
}
