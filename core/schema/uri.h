#pragma once
// URI references as JSON Schema uses them ($id, $ref, $dynamicRef, $schema): RFC 3986
// section 5 resolution against a base, and the split into the absolute part (a schema
// resource's identifier) and the fragment. No normalization beyond what resolution does
// (dot segments); no percent-decoding (the fragment is decoded where it is read as a JSON
// pointer). Works for hierarchical URIs ("https://host/a/b.json", "file:///x") and for
// URNs ("urn:uuid:..."), which have no authority and an opaque path.

#include <string>
#include <string_view>

namespace tw::schema::uri {

// `ref` resolved against the absolute URI `base` (RFC 3986 5.2.2). A `ref` with a scheme is
// returned as is (dot segments removed).
std::string resolve(std::string_view base, std::string_view ref);

// The URI without its fragment ("a/b#x" -> "a/b", "a/b#" -> "a/b").
std::string_view withoutFragment(std::string_view uri);
// The fragment, without '#'; empty when there is none.
std::string_view fragment(std::string_view uri);
bool hasScheme(std::string_view ref);

} // namespace tw::schema::uri
