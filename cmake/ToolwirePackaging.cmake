# Installing and packaging. packaging/CMakeLists.txt installs what a desktop needs besides
# the binary; this file adds it and sets up CPack for a Debian package:
#
#   cmake --install BUILD --prefix /opt/toolwire     # any prefix
#   cpack --config BUILD/CPackConfig.cmake -B OUT    # OUT/toolwire_VERSION_ARCH.deb
#
# Dependencies come from dpkg-shlibdeps (Debian: dpkg-dev), so the package names exactly the
# libraries the binary links; scripts/toolwire.sh test builds, extracts and runs it.
add_subdirectory("${PROJECT_SOURCE_DIR}/packaging" "${PROJECT_BINARY_DIR}/packaging")

set(TOOLWIRE_PACKAGE_MAINTAINER "Toolwire maintainers <maintainers@users.noreply.a-seed-516666bf.example>"
  CACHE STRING "The Debian package's Maintainer field")

set(CPACK_GENERATOR "DEB")
set(CPACK_PACKAGE_NAME "toolwire")
set(CPACK_PACKAGE_VENDOR "Toolwire")
set(CPACK_PACKAGE_VERSION "${PROJECT_VERSION}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
# The long description, in lines Debian's tools accept (at most 80 columns; CPack indents them).
string(CONCAT CPACK_PACKAGE_DESCRIPTION
  "A Qt desktop workbench for LLM tool definitions: write tools (name,\n"
  "description, JSON Schema) and a tool-choice policy once and see how every\n"
  "provider wire spells them, live. Send requests to real providers or the\n"
  "built-in offline mock, extract tool calls from any provider response, and\n"
  "run tool loops against MCP servers. The toolwire command line runs the same\n"
  "core for scripts and CI.")
set(CPACK_PACKAGING_INSTALL_PREFIX "/usr")
set(CPACK_STRIP_FILES ON)
# Directories 0755 whatever the umask of the machine that builds the package.
set(CPACK_INSTALL_DEFAULT_DIRECTORY_PERMISSIONS
  OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)

set(CPACK_DEBIAN_FILE_NAME "DEB-DEFAULT") # toolwire_VERSION_ARCH.deb
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${TOOLWIRE_PACKAGE_MAINTAINER}")
set(CPACK_DEBIAN_PACKAGE_SECTION "devel")
set(CPACK_DEBIAN_PACKAGE_PRIORITY "optional")
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE "${TOOLWIRE_HOMEPAGE}")
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# What dpkg-shlibdeps cannot see: the Qt plugins loaded at run time — the SVG image and icon
# plugins (the window icon is an SVG) and, with Qt SQL in the build, its SQLite driver (the
# request history). shlibdeps adds the libraries the binary links to this list.
set(CPACK_DEBIAN_PACKAGE_DEPENDS "libqt6svg6 (>= 6.4)")
if(TARGET Qt6::Sql)
  string(APPEND CPACK_DEBIAN_PACKAGE_DEPENDS ", libqt6sql6-sqlite (>= 6.4)")
endif()
# Keys live in the Secret Service (qtkeychain over D-Bus); Wayland sessions want Qt's plugin.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "gnome-keyring | libkf5wallet-bin | keepassxc, qt6-wayland")
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)

include(CPack)
