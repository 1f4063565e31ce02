# The built-in mock provider: every wire over real HTTP on 127.0.0.1, the scripted queue and
# replays, schema-driven arguments, and the `toolwire mock-provider` command.
toolwire_add_test(tst_mockprovider SOURCES provider/mockprovider_test.h provider/tst_mockprovider.cpp provider/tst_mockprovider_scripts.cpp LIBS toolwire_core Qt6::Network)
target_compile_definitions(tst_mockprovider PRIVATE TOOLWIRE_BIN="$<TARGET_FILE:toolwire>")
add_dependencies(tst_mockprovider toolwire)
