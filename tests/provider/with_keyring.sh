#!/usr/bin/env bash
# Runs a command inside a throwaway D-Bus session with an unlocked gnome-keyring, so keyring
# tests talk to a real Secret Service without touching the user's keyring.
# Without --unlock QtKeychain fails with error 7 (the collection is locked).
set -euo pipefail
home=$(mktemp -d)
runtime=$(mktemp -d)
chmod 700 "$runtime"
trap 'rm -rf "$home" "$runtime"' EXIT
export HOME="$home" XDG_RUNTIME_DIR="$runtime"
exec dbus-run-session -- bash -c 'printf pw | gnome-keyring-daemon --unlock --components=secrets >/dev/null 2>&1; exec "$@"' keyring "$@"
