# The request side of the wire dialects (tools, choices, results, tool rounds, the request
# preview and `toolwire convert`), beyond what the conformance corpus checks.
toolwire_add_test(tst_request SOURCES unit/tst_request.cpp LIBS toolwire_core)
toolwire_add_test(tst_bedrock_request SOURCES unit/tst_bedrock_request.cpp LIBS toolwire_core Qt6::Network)

# `toolwire convert` on the real binary.
toolwire_add_test(tst_convert SOURCES unit/tst_convert.cpp LIBS toolwire_core)
target_compile_definitions(tst_convert PRIVATE TOOLWIRE_BIN="$<TARGET_FILE:toolwire>")
add_dependencies(tst_convert toolwire)
