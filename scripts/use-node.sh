# Source this (`source scripts/use-node.sh`) to put a supported Node (24 LTS, or the machine's own when it is
# 22.22+) first on PATH in this shell, fetching the pinned one from the npm registry into .cache/node if needed.
# .ci/run does this before `npm ci`, so installs and tests run on the supported runtime.
__lotus_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
__lotus_bin="$(node "$__lotus_root/scripts/node-runtime.mjs" --bin-dir)" || return 1 2>/dev/null || exit 1
export PATH="$__lotus_bin:$PATH"
unset __lotus_root __lotus_bin
