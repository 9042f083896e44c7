# Sourced by the bench scripts that run OpenSpiel's pyspiel. `openspiel_venv [PACKAGE...]` makes the virtual
# environment target/openspiel-venv (git ignores target/) and installs open-spiel and the packages given into
# it, each once (listed in the venv's .plunder-packages); it sets `venv` and `openspiel_version`.
#
# Usage, from the repository's root: source bench/openspiel-venv.sh && openspiel_venv [PACKAGE...]
openspiel_venv() {
  venv=target/openspiel-venv
  if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
  fi
  local package
  for package in open-spiel "$@"; do
    if ! grep -qxF -- "$package" "$venv/.plunder-packages" 2>/dev/null; then
      echo "Installing $package into $venv ..." >&2
      "$venv/bin/pip" install --quiet --disable-pip-version-check "$package"
      echo "$package" >> "$venv/.plunder-packages"
    fi
  done
  openspiel_version=$("$venv/bin/python" -c "import importlib.metadata as m; print(m.version('open_spiel'))")
}
