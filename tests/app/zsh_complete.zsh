#!/usr/bin/env zsh -f
# zsh_complete.zsh FPATH_DIR WORDS: types "toolwire WORDS<Tab>" into an interactive zsh (on
# a pseudo-terminal, zsh/zpty) whose $fpath starts with FPATH_DIR, presses Enter, and prints
# the line the completion left, as a stand-in `toolwire` function received it. Used by
# tst_packaging to run the generated zsh completion for real.
zmodload zsh/zpty || exit 2
local dir=$1 words=$2 out= line i
zpty tw zsh -f -i
zpty -w tw "PS1='> '; fpath=(${(q)dir} \$fpath); autoload -Uz compinit; compinit -u -D; toolwire() { print -r -- \"RE\"\"SULT[\$*]\"; }"
zpty -w -n tw "toolwire $words"$'\t'
sleep 0.3
zpty -w -n tw $'\r'
for i in {1..50}; do
  while zpty -r -t tw line; do out+=$line; done
  [[ $out == *RESULT\[*\]* ]] && break
  sleep 0.2
done
zpty -d tw
[[ $out == *RESULT\[*\]* ]] || exit 1
out=${out//$'\r'/}
out=${out##*RESULT\[}
print -r -- "${out%%\]*}"
