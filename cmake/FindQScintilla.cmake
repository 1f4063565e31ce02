# Debian's libqscintilla2-qt6-dev ships neither a CMake config nor a pkg-config file:
# find the headers and library by hand and wrap them in an imported target.
#   QScintilla::QScintilla  (links Qt6::Widgets and Qt6::PrintSupport, defines QSCINTILLA_DLL)
find_path(QScintilla_INCLUDE_DIR Qsci/qsciscintilla.h
  HINTS ${Qt6_DIR}/../../../../include/${CMAKE_LIBRARY_ARCHITECTURE}/qt6
  PATHS /usr/include/${CMAKE_LIBRARY_ARCHITECTURE}/qt6 /usr/include/qt6 /usr/local/include/qt6)
find_library(QScintilla_LIBRARY NAMES qscintilla2_qt6 qscintilla2-qt6)

include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(QScintilla REQUIRED_VARS QScintilla_LIBRARY QScintilla_INCLUDE_DIR)

if(QScintilla_FOUND AND NOT TARGET QScintilla::QScintilla)
  add_library(QScintilla::QScintilla UNKNOWN IMPORTED)
  set_target_properties(QScintilla::QScintilla PROPERTIES
    IMPORTED_LOCATION "${QScintilla_LIBRARY}"
    INTERFACE_INCLUDE_DIRECTORIES "${QScintilla_INCLUDE_DIR}"
    INTERFACE_COMPILE_DEFINITIONS QSCINTILLA_DLL
    # QScintilla's headers use the `signals`/`slots` keywords; undo QT_NO_KEYWORDS for the
    # translation units that include them (flags come after the -D defines on the line).
    INTERFACE_COMPILE_OPTIONS -UQT_NO_KEYWORDS
    INTERFACE_LINK_LIBRARIES "Qt6::Widgets;Qt6::PrintSupport")
endif()
mark_as_advanced(QScintilla_INCLUDE_DIR QScintilla_LIBRARY)
