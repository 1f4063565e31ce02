// The JSON layer: the strict parser (any bytes, invalid UTF-8, deep nesting), its error
// positions (offset -> line:column), and the writers. Properties: a parsed value prints as
// JSON that parses back to the same value (compact and pretty); an error's line and column
// are the ones positionOf gives for its offset, inside the input.
#include "fuzz_common.h"
#include "json/json.h"

using namespace tw;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text = fuzz::asText(data, size);
    auto doc = json::parseDocument(text);
    if (doc) {
        const std::string compact = json::compact(doc->value);
        auto again = json::parse(compact);
        fuzz::require(again.ok(), "compact output parses");
        fuzz::require(*again == doc->value, "compact output round-trips");
        auto pretty = json::parse(json::pretty(doc->value));
        fuzz::require(pretty.ok() && *pretty == doc->value, "pretty output round-trips");
        for (const json::ParseWarning& w : doc->warnings)
            fuzz::require(w.pos.offset <= text.size(), "warning offset inside the input");
    } else {
        const json::ParseError& e = doc.error();
        fuzz::require(e.pos.offset <= text.size(), "error offset inside the input");
        const json::Position p = json::positionOf(text, e.pos.offset);
        fuzz::require(p.line == e.pos.line && p.column == e.pos.column, "error line:column is positionOf(offset)");
        (void)e.toString();
        (void)json::toError(e, "fuzz input");
    }
    return 0;
}
