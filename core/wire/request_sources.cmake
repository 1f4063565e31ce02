# The request half of the wire dialects (tools, tool choice, results, tool rounds) and the
# canonical values it works on. Paths relative to core/.
list(APPEND TOOLWIRE_REQUEST_SOURCES
  model/scalars.h model/scalars.cpp
  model/tool.h model/tool.cpp
  model/toolchoice.h model/toolchoice.cpp
  model/toolresult.h model/toolresult.cpp
  wire/dialect.h
  wire/common_request.h
  wire/common_dialects.cpp
  wire/common_tools.cpp
  wire/common_choice.cpp
  wire/common_request.cpp
  wire/mcp/request.h wire/mcp/request.cpp
  wire/preview.h wire/preview.cpp
)
