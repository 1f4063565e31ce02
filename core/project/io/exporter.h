#pragma once
// Export a preset for use outside Toolwire: the request as JSON, a curl command line, a
// Python `requests` or a JavaScript `fetch` snippet, a Postman collection v2.1, or the tools
// in any wire's shape. Keys never appear: the auth header names the profile's environment
// variable ($OPENAI_API_KEY in curl, os.environ[...] in Python, process.env... in
// JavaScript, {{OPENAI_API_KEY}} in Postman). The body bytes are the ones Toolwire sends
// (the same buildRequest call); curl and Postman carry them byte for byte.
//
// The mock profile has no fixed address: with a base URL given (e.g. a `toolwire
// mock-provider`), the preset is exported for it; without one, for the wire's built-in
// profile (its address and key variable).

#include "project/project.h"
#include "provider/request.h"
#include "result.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tw::project::io {

enum class ExportFormat {
    Json,
    Curl,
    Python,
    JavaScript,
    Postman,
    Tools
};

// json, curl, python, js, postman, tools; nullopt for anything else.
std::optional<ExportFormat> exportFormat(std::string_view name);
std::string_view exportFormatNames(); // "curl, python, js, postman, json, tools"

struct ExportOptions {
    std::string wire; // a wire tag ("" the preset's): another wire uses that wire's profile
    std::string baseUrl; // instead of the preset's / profile's
};

// The request the preset sends, built for export (the key left out, its header naming the
// variable). Errors: requestInput's, unknown_wire, buildRequest's.
Result<provider::BuiltRequest> exportRequest(const Project& p, const Preset& preset, const ExportOptions& o);

// One preset in one format (Postman: a collection of this one request).
Result<std::string> exportPreset(const Project& p, const Preset& preset, ExportFormat format, const ExportOptions& o);
// A Postman collection v2.1 of several presets, named after the project.
Result<std::string> exportPostman(const Project& p, const std::vector<const Preset*>& presets, const ExportOptions& o);

} // namespace tw::project::io
