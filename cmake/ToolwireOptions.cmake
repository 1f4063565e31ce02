# The compile policy in one place: every Toolwire target links toolwire_options.
add_library(toolwire_options INTERFACE)
target_compile_features(toolwire_options INTERFACE cxx_std_20)
set(CMAKE_CXX_EXTENSIONS OFF)
target_compile_options(toolwire_options INTERFACE
  $<$<CXX_COMPILER_ID:GNU,Clang>:-Wall -Wextra -Wpedantic -Wno-missing-field-initializers>
  $<$<BOOL:${TOOLWIRE_WERROR}>:-Werror>)
target_compile_definitions(toolwire_options INTERFACE
  QT_NO_CAST_FROM_ASCII
  QT_NO_CAST_TO_ASCII
  QT_NO_CAST_FROM_BYTEARRAY
  QT_NO_URL_CAST_FROM_STRING
  QT_NO_NARROWING_CONVERSIONS_IN_CONNECT
  QT_NO_FOREACH
  QT_NO_KEYWORDS
  QT_USE_QSTRINGBUILDER
  QT_NO_CONTEXTLESS_CONNECT
  TOOLWIRE_VERSION="${PROJECT_VERSION}")
