# The request side of the wire dialects (tools, choices, results, tool rounds, the request
# preview and `toolwire convert`), beyond what the conformance corpus checks.
toolwire_add_test(tst_request SOURCES unit/tst_request.cpp LIBS toolwire_core)
# Issue 12's tools and choices: custom tools, allowed_tools, tool fields (hand-written payloads).
toolwire_add_test(tst_wire2026_tools SOURCES unit/tst_wire2026_tools.cpp LIBS toolwire_core)
toolwire_add_test(tst_bedrock_request SOURCES unit/tst_bedrock_request.cpp LIBS toolwire_core Qt6::Network)

# `toolwire convert` on the real binary.
toolwire_add_test(tst_convert SOURCES unit/tst_convert.cpp LIBS toolwire_core)
target_compile_definitions(tst_convert PRIVATE TOOLWIRE_BIN="$<TARGET_FILE:toolwire>")
add_dependencies(tst_convert toolwire)
