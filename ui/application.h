#pragma once

namespace tw::ui {

// The GUI entry point: `toolwire [PROJECT]` and `toolwire --screenshot OUT.png [--state S]
// [PROJECT]`. Returns the process exit code.
int runGui(int argc, char** argv);

// The bundled example project (a Qt resource path).
inline constexpr const char* kExampleProject = ":/resources/examples/weather-desk.toolwire";

} // namespace tw::ui
