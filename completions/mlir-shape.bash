# bash completion for mlir-shape (installed by `make install` as
# $(PREFIX)/share/bash-completion/completions/mlir-shape).
_mlir_shape() {
  local cur prev words cword
  if declare -F _init_completion >/dev/null; then
    _init_completion -s || return
  else
    cur=${COMP_WORDS[COMP_CWORD]}
    prev=${COMP_WORDS[COMP_CWORD - 1]}
    words=("${COMP_WORDS[@]}")
    cword=$COMP_CWORD
  fi
  local cmd=${words[1]}
  if [ "$cword" -eq 1 ]; then
    COMPREPLY=($(compgen -W "check explain lsp broadcast --help --version" -- "$cur"))
    return
  fi
  local codes
  codes=$("${words[0]}" explain --list 2>/dev/null | cut -d' ' -f1)
  case $cmd in
    check)
      case $prev in
        --format) COMPREPLY=($(compgen -W "text json sarif github gitlab" -- "$cur")); return ;;
        --color) COMPREPLY=($(compgen -W "auto always never" -- "$cur")); return ;;
        --select | --ignore) COMPREPLY=($(compgen -W "$codes" -- "${cur##*,}")); return ;;
        --rules | --baseline | --write-baseline | --output | -o | --stdin-filename)
          COMPREPLY=($(compgen -f -- "$cur")); return ;;
        --jobs | -j | --max-warnings) return ;;
      esac
      if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W "--format= --select --ignore --quiet --statistics --exit-zero --max-warnings
          --stdin-filename --color= --output --baseline --write-baseline --fix --diff --rules --strict
          --split-input-file --verify-diagnostics --jobs --help" -- "$cur"))
        [[ ${COMPREPLY-} == *= ]] && compopt -o nospace 2>/dev/null
      else
        COMPREPLY=($(compgen -f -X '!*.mlir' -- "$cur") $(compgen -d -- "$cur"))
      fi
      ;;
    explain)
      COMPREPLY=($(compgen -W "$codes --list --markdown --all" -- "$cur")) ;;
    broadcast)
      COMPREPLY=($(compgen -W "--rule= --help" -- "$cur")) ;;
  esac
}
complete -F _mlir_shape mlir-shape
