#pragma once
// HTTP requests captured elsewhere, read into one shape for the importer (importer.h): a curl
// command line (as "Copy as cURL" writes it, bash quoting), the requests of a Postman
// collection v2.1, the entries of a HAR log. Pure parsing: nothing is sent or resolved.

#include "json/value.h"
#include "result.h"

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tw::project::io {

struct HttpCapture {
    std::string name; // the Postman item's or a made-up name ("POST api.example.com/v1/chat")
    std::string method = "GET";
    std::string url;
    std::vector<std::pair<std::string, std::string>> headers; // as written, in order
    std::string body; // the request body text
    std::string pointer; // where it came from in the input ("/log/entries/3"; "" for curl)
};

// Words of a bash command line: '…' literal, "…" with \" \\ \$ \` escapes, $'…' with C
// escapes, \ escapes outside quotes, backslash-newline continues the line. Errors
// (malformed_input): an unclosed quote.
Result<std::vector<std::string>> shellWords(std::string_view commandLine);

// Whether text is a curl command line (its first word is curl).
bool looksLikeCurl(std::string_view text);
// curl [options] URL: -X/--request, -H/--header, -d/--data/--data-raw/--data-binary/
// --data-ascii/--json (several are joined with '&' as curl does), --url, -A/--user-agent;
// other options are read past. Errors (malformed_input): no URL, a body from a file (@file),
// an option without its value.
Result<HttpCapture> parseCurl(std::string_view commandLine);

// Whether a JSON document is a Postman collection (info + item) / a HAR log (log.entries).
bool isPostmanCollection(const json::Value& doc);
bool isHar(const json::Value& doc);
// Every request of the collection, folders walked in order. Postman {{variables}} stay as
// written. Errors (malformed_input) name the item.
Result<std::vector<HttpCapture>> postmanRequests(const json::Value& collection);
// Every entry's request.
Result<std::vector<HttpCapture>> harRequests(const json::Value& har);

} // namespace tw::project::io
