# bash completion for xii, the XII Century companion.
# Installed as $(PREFIX)/share/bash-completion/completions/xii. Commands and options are read
# from the program's own help (`xii --help`, `xii COMMAND --help`), so they follow the program;
# the values of the options that take a fixed set are listed here (tests/run-completion.sh
# checks them against the program).
_xii_papers="a4 letter"
_xii_backends="cairo haru trace"
_xii_difficulties="very-easy easy normal hard very-hard forget-about-it"
_xii_objectives="merchant miller cathedral castle arcade"
_xii_bots="random greedy search"
_xii_games="xii kingdom"
# What `xii audit LOG.kingdom --trace` follows (src/kingdom/history.c; checked against the
# program's own list by tests/run-completion.sh).
_xii_kingdom_traces="food ore work farms mines villages stage graveyards"

# The words of the help's option lines ("  --paper a4|letter ...", "  -h, --help ..."): every
# option on its own line, followed by " =" when it takes a value (one space, then a word).
_xii_options()
{
    "$1" "$2" --help 2>/dev/null | sed -n 's/^ \{0,4\}\(-[^ ].*\)$/\1/p' | while read -r line; do
        local rest=$line name
        while [[ $rest =~ ^(--?[A-Za-z][A-Za-z0-9-]*)(.*)$ ]]; do
            name=${BASH_REMATCH[1]} rest=${BASH_REMATCH[2]}
            if [[ $rest =~ ^,\ (-.*)$ ]]; then
                echo "$name"
                rest=${BASH_REMATCH[1]}
            elif [[ $rest =~ ^\ [^\ ] ]]; then
                echo "$name ="
                break
            else
                echo "$name"
                break
            fi
        done
    done
}

# Completes files (ending in one of the given extensions, and folders) or, with -d, folders.
_xii_files()
{
    local cur=$1 IFS=$'\n' f
    compopt -o filenames 2>/dev/null
    if [[ $2 == -d ]]; then
        COMPREPLY=($(compgen -d -- "$cur"))
        return
    fi
    shift
    COMPREPLY=($(compgen -d -- "$cur"))
    for f in $(compgen -f -- "$cur"); do
        [[ -d $f ]] && continue
        if [[ $# -eq 0 ]]; then
            COMPREPLY+=("$f")
        else
            local ext
            for ext in "$@"; do [[ $f == *.$ext ]] && COMPREPLY+=("$f"); done
        fi
    done
}

# Completes one value of a comma-separated list ("search,gr" -> "search,greedy").
_xii_list()
{
    local cur=$1 prefix=
    shift
    if [[ $cur == *,* ]]; then
        prefix=${cur%,*},
        cur=${cur##*,}
    fi
    local IFS=$'\n'
    COMPREPLY=($(compgen -W "$*" -P "$prefix" -- "$cur"))
    compopt -o nospace 2>/dev/null
}

# The names on the players line of the log named on the command line (for --trace, --player);
# for a Kingdom log (`kingdom 1` on its first line), what --trace follows.
_xii_players()
{
    local cur=$1 w log= names
    for w in "${COMP_WORDS[@]:1}"; do
        [[ ($w == *.xii || $w == *.kingdom) && -f $w ]] && log=$w
    done
    [[ -n $log ]] || return
    if sed -n 's/#.*//; /[^[:space:]]/{p;q;}' "$log" | grep -qi '^[[:space:]]*kingdom[[:space:]]'; then
        [[ $prev == --player ]] && return  # a kingdom has no players
        COMPREPLY=($(compgen -W "$_xii_kingdom_traces" -- "$cur"))
        return
    fi
    names=$(sed -n 's/#.*//; s/^[[:space:]]*[Pp]layers\{0,1\}[[:space:]][[:space:]]*//p' "$log" | head -n 1)
    local IFS=$' \t\n'
    COMPREPLY=($(compgen -W "$names" -- "$cur"))
}

_xii()
{
    local cur=${COMP_WORDS[COMP_CWORD]} xii=${COMP_WORDS[0]} cmd= i
    COMPREPLY=()
    for ((i = 1; i < COMP_CWORD; i++)); do
        [[ ${COMP_WORDS[i]} != -* ]] && { cmd=${COMP_WORDS[i]}; break; }
    done
    local commands
    commands=$("$xii" --help 2>/dev/null | sed -n '/^commands:/,/^$/s/^  \([a-z-][a-z-]*\) .*/\1/p')
    if [[ -z $cmd ]]; then
        COMPREPLY=($(compgen -W "$commands help --help --version" -- "$cur"))
        return
    fi
    if [[ $cmd == help ]]; then
        [[ $COMP_CWORD -eq 2 ]] && COMPREPLY=($(compgen -W "$commands" -- "$cur"))
        return
    fi

    local options prev=
    options=$(_xii_options "$xii" "$cmd")
    # The option whose value is being typed: "--paper |" or "--paper=|" (bash splits the
    # latter into "--paper" "=" "" when '=' is in COMP_WORDBREAKS, as it is by default).
    if [[ $cur == --*=* ]]; then
        prev=${cur%%=*}
        cur=${cur#*=}
    elif [[ $cur == = && $COMP_CWORD -gt 1 ]]; then
        prev=${COMP_WORDS[COMP_CWORD - 1]}
        cur=
    elif [[ $COMP_CWORD -gt 2 && ${COMP_WORDS[COMP_CWORD - 1]} == = ]]; then
        prev=${COMP_WORDS[COMP_CWORD - 2]}
    elif [[ $COMP_CWORD -gt 1 ]]; then
        prev=${COMP_WORDS[COMP_CWORD - 1]}
    fi
    grep -qx -- "$prev =" <<<"$options" || prev=
    case $prev in
        '') ;;
        --paper) COMPREPLY=($(compgen -W "$_xii_papers" -- "$cur")); return ;;
        --backend) COMPREPLY=($(compgen -W "$_xii_backends" -- "$cur")); return ;;
        --difficulty)
            # simulate plays every difficulty with "all".
            local all=
            [[ $cmd == simulate ]] && all=all
            COMPREPLY=($(compgen -W "$_xii_difficulties $all" -- "$cur"))
            return ;;
        --solo | --objective) COMPREPLY=($(compgen -W "$_xii_objectives" -- "$cur")); return ;;
        --bot) COMPREPLY=($(compgen -W "$_xii_bots" -- "$cur")); return ;;
        --game) COMPREPLY=($(compgen -W "$_xii_games" -- "$cur")); return ;;
        --goal) COMPREPLY=($(compgen -W "score win objective" -- "$cur")); return ;;
        --bots) _xii_list "$cur" $_xii_bots; return ;;
        --rules) _xii_files "$cur" rules; return ;;
        --pdf) _xii_files "$cur" pdf; return ;;
        --trace | --player) _xii_players "$cur"; return ;;
        -o | --output | --plot) _xii_files "$cur"; return ;;
        --png | --logs) _xii_files "$cur" -d; return ;;
        *) return ;;  # a number, a name, a list: nothing to offer
    esac
    if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W "$(sed 's/ =$//' <<<"$options")" -- "$cur"))
        return
    fi
    case $cmd in
        audit | play | serve) _xii_files "$cur" xii kingdom ;;
        hint) _xii_files "$cur" xii ;;
    esac
}
complete -F _xii xii
