#pragma once
// What a project preset asks to send, as the provider layer's RequestInput: the preset's
// profile (the project's own profiles first, then the built-ins), wire, base URL and URL
// variables, model, messages, the tools it names (all of the project's when it names none)
// and its tool choice (else the project's). The project reads the layers below it; they
// never read a project.
//
// Errors: unknown_profile, unknown_wire, unknown_tool (a preset naming a tool the project
// does not have), each naming the preset.

#include "project/project.h"
#include "provider/request.h"
#include "result.h"

namespace tw::project {

Result<provider::RequestInput> requestInput(const Project& p, const Preset& preset);

} // namespace tw::project
