#!/usr/bin/env bash
# Shared set-up for the two README commands (start and test). Sourced, not run.
#  1. checks the Debian/Ubuntu packages Qt needs (and Xvfb for the tests / headless start),
#     installs them when running as root, or says exactly which are missing;
#  2. creates .venv in the repository and installs the project (editable) into it,
#     reinstalling only when pyproject.toml changed, and compiles the numba solvers;
#  3. installs the shell completion and the man page for the current user.
set -euo pipefail
REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
VENV="$REPO/.venv"
PYTHON="${PYTHON:-python3}"

# Qt's xcb platform plugin, OpenGL through Mesa (Qt3D needs real GL), fonts.
QT_PACKAGES=(libxcb-cursor0 libxkbcommon-x11-0 libxcb-icccm4 libxcb-image0 libxcb-keysyms1
             libxcb-randr0 libxcb-render-util0 libxcb-shape0 libxcb-xinerama0 libxcb-xkb1
             libegl1 libgl1 libgl1-mesa-dri libfontconfig1 libdbus-1-3)
XVFB_PACKAGES=(xvfb xauth)
# The desktop integration tests validate the .desktop and AppStream files and read the caches.
DESKTOP_TEST_PACKAGES=(desktop-file-utils appstream shared-mime-info)
# The completion tests complete in each shell; the man page test renders it.
COMPLETION_TEST_PACKAGES=(bash zsh fish groff-base man-db)
# The publishing tests play the exported web page in headless Chromium (through its chromedriver)
# and render the booklet's PDF pages (pdftoppm, pdftotext).
PUBLISH_TEST_PACKAGES=(chromium chromium-driver poppler-utils)

ensure_system_packages() {
    local wanted=("$@") missing=() p
    command -v dpkg-query >/dev/null 2>&1 || { echo "setup: not a Debian/Ubuntu system; make sure Qt's xcb libraries, Mesa OpenGL and Xvfb are installed" >&2; return 0; }
    for p in "${wanted[@]}"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing+=("$p")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    if [ "$(id -u)" -eq 0 ]; then
        echo "setup: installing system packages: ${missing[*]}" >&2
        (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}") >&2 \
            || { echo "setup: apt-get failed to install: ${missing[*]}" >&2; exit 1; }
    else
        echo "setup: missing system packages: ${missing[*]}" >&2
        echo "setup: install them with:  sudo apt-get install ${missing[*]}" >&2
        exit 1
    fi
}

ensure_venv() {
    if ! "$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
        echo "setup: Python 3.11 or newer is needed as '$PYTHON' (set PYTHON=/path/to/python3.11)" >&2; exit 1
    fi
    if [ ! -x "$VENV/bin/python" ]; then
        "$PYTHON" -m venv "$VENV" || { echo "setup: could not create $VENV (on Debian: sudo apt-get install python3-venv)" >&2; exit 1; }
    fi
    local stamp="$VENV/.installed-$(sha1sum "$REPO/pyproject.toml" | cut -c1-12)"
    if [ ! -e "$stamp" ]; then
        echo "setup: installing the project and its dependencies into $VENV" >&2
        "$VENV/bin/python" -m pip install -q --upgrade pip >&2
        "$VENV/bin/python" -m pip install -q -e "$REPO[test,cluster,dev]" >&2
        # PySide6's three wheels all ship PySide6/__init__.py: moving between versions can
        # uninstall it after the new one was written. Put it back if it is gone.
        if ! "$VENV/bin/python" -c 'import PySide6; PySide6.__version__' 2>/dev/null; then
            "$VENV/bin/python" -m pip install -q --force-reinstall --no-deps \
                "PySide6-Essentials==$("$VENV/bin/python" -c 'import importlib.metadata as m; print(m.version("PySide6-Essentials"))')" >&2
        fi
        # numba compiles the pyramid and voxel searches on first use and caches them in
        # ~/.cache/nonogram-editor: do it now, so that the first Solve in the app is as quick as the rest.
        echo "setup: compiling the solvers (once, about 15 s)" >&2
        "$VENV/bin/nonogram-editor" solve pyramid --first >/dev/null 2>&1 || true
        "$VENV/bin/nonogram-editor" solve voxel-soma --count >/dev/null 2>&1 || true
        rm -f "$VENV"/.installed-*; touch "$stamp"
    fi
    ensure_mypy_path
    ensure_completion
}

# mypy finds editor/ and plugins/ under their import names through these links (it cannot follow
# the editable install's import hook); pyproject.toml's [tool.mypy] points at them.
ensure_mypy_path() {
    mkdir -p "$VENV/mypy-path"
    ln -sfn ../../editor "$VENV/mypy-path/nonogram_editor"
    ln -sfn ../../plugins "$VENV/mypy-path/nonogram_editor_builtins"
}

# Shell completion (bash, zsh, fish) and the man page, in the current user's folders only
# (see editor/cli/completion.py); written again when the code is newer than them.
ensure_completion() {
    local man="${XDG_DATA_HOME:-$HOME/.local/share}/man/man1/nonogram-editor.1"
    if [ ! -e "$man" ] || [ -n "$(find "$REPO/editor" -name '*.py' -newer "$man" -print -quit)" ]; then
        "$VENV/bin/python" -m nonogram_editor.cli.completion --quiet \
            || echo "setup: could not install the shell completion and man page (python -m nonogram_editor.cli.completion)" >&2
    fi
}
