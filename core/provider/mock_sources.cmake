# The built-in mock provider (paths relative to core/): the wire-neutral behaviour and the
# schema-driven argument generator in provider/, and each wire's mock half in its folder.
list(APPEND TOOLWIRE_MOCK_SOURCES
  provider/mockprovider.h provider/mockprovider.cpp
  provider/schemagen.h provider/schemagen.cpp
  wire/mock.h wire/common_mock.cpp
  cli/cmd_mock_provider.cpp
)
