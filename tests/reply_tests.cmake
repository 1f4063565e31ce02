# The reply side: framing, per-wire assembly, and the recorded fixtures (included by
# tests/CMakeLists.txt).
toolwire_add_test(tst_framing SOURCES unit/tst_framing.cpp LIBS toolwire_core)
toolwire_add_test(tst_reply SOURCES unit/tst_reply.cpp LIBS toolwire_core)
toolwire_add_test(tst_fixtures SOURCES unit/tst_fixtures.cpp LIBS toolwire_core)
toolwire_add_test(tst_bedrock_reply SOURCES unit/tst_bedrock_reply.cpp LIBS toolwire_core)

# The recorded fixtures against the built binary, exactly as acceptance runs them. The
# recordings are third-party data kept next to the repository, never in it.
set(_toolwire_fixtures "${PROJECT_SOURCE_DIR}/../shared/fixtures")
if(EXISTS "${_toolwire_fixtures}/check.py")
  add_test(NAME fixtures_extract
    COMMAND python3 "${_toolwire_fixtures}/check.py" $<TARGET_FILE:toolwire> "${_toolwire_fixtures}" --strict)
  set_tests_properties(fixtures_extract PROPERTIES ENVIRONMENT "TOOLWIRE_LOOPBACK_ONLY=1" TIMEOUT 120)
endif()
