#pragma once
// What a project preset asks to send, as the provider layer's RequestInput: the preset's
// profile (the project's own profiles first, then the built-ins), wire, base URL and URL
// variables, model, messages, the tools it names (all of the project's when it names none)
// and its tool choice (else the project's). The project reads the layers below it; they
// never read a project.
//
// Errors: unknown_profile, unknown_wire, unknown_tool (a preset naming a tool the project
// does not have), each naming the preset.
//
// The input's provenance (provider/trust.h) says what the project chose: its own profile,
// the preset's base_url or url_vars; the caller adds the project file's canonical path
// (provider::canonicalProjectPath) and the user's consent for the run, if any.

#include "project/project.h"
#include "provider/request.h"
#include "result.h"

#include <set>

namespace tw::project {

Result<provider::RequestInput> requestInput(const Project& p, const Preset& preset);

// The wires the project sends lowered ("send_as"): RequestInput::lowerOn for a request built
// from the project without a preset (requestInput fills it itself).
std::set<wire::Wire> lowerOn(const Project& p);

} // namespace tw::project
