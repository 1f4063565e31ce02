#pragma once
// Example values from JSON Schema: what the built-in mock provider puts into a call's
// arguments or a structured-output reply. Deterministic: the same schema and hint always
// give the same value (no clock, no randomness).
//
// Keywords honoured (those tool schemas use): type (also a list, and Gemini's upper-case
// OpenAPI names), const, enum, default, examples, properties / required /
// additionalProperties / minProperties / maxProperties, items / prefixItems (and the
// draft-4 tuple form) / minItems / maxItems / uniqueItems, minimum / maximum /
// exclusiveMinimum / exclusiveMaximum (numbers, and draft 4's booleans) / multipleOf,
// minLength / maxLength, pattern (a common regex subset: literals, classes, \d \w \s, groups,
// alternatives, quantifiers; the sample is checked with QRegularExpression), format
// (date-time, date, time, email, uri/url/iri, uuid, hostname, ipv4, ipv6, duration),
// anyOf / oneOf (the first branch that is not null), allOf (merged), nullable, $ref within
// the document ("#/…", "#anchor", an "$id"; through refresolver.h; one that cannot be
// followed or that loops is dropped). A property whose schema is false is left out.
// Other keywords are ignored; a schema that cannot be satisfied gives a best effort.
//
// Every declared property is filled near the top (required ones at any depth), so a call
// shows the whole shape; recursion through optional $refs stops after a few levels.
//
// `hint` is the user's message. Where a property's name suggests it, the value is taken from
// the text: a place name for city/location/country…, an e-mail address, a URL, a file path,
// an IANA time zone, the message itself for query/prompt/text…, a short title for
// title/subject/summary, an ISO date and a time of day for date formats, a number followed
// by a word of the property's name ("45 minutes" for duration_minutes) or any number for
// amount/count/quantity…, enum values and anchored-pattern matches that occur in the text
// ("EUR" for ^[A-Z]{3}$). Each taken value is used once, so `from` and `to` get different
// ones.

#include "json/value.h"

#include <string_view>

namespace tw::schema {

json::Value generateFromSchema(const json::Value& schema, std::string_view hint = {});

} // namespace tw::schema
