#pragma once
// Gemini generateContent, request side: tools [{"functionDeclarations": [...]}] with the
// schema in parametersJsonSchema, keyed built-ins ({"google_search": {}}), toolConfig,
// functionResponse parts.

#include "wire/dialect.h"

namespace tw::wire::gemini {

const RequestDialect& requestDialect();

} // namespace tw::wire::gemini
