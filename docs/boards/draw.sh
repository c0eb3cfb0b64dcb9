#!/bin/sh
# Draws the board pictures of docs/ENDGAMES.md (docs/boards/) from the
# repository's root: sh docs/boards/draw.sh. Every picture is redrawn (--force); the same
# commit draws the same bytes.
set -eu
fanorona() { go run ./cmd/fanorona "$@"; }
out=docs/boards

# The three pictures the docs must show, as PNG.
fanorona show -o $out/start.png --force
fanorona show --fen "BBBBBBBBB/B1BBBBBBB/BW1B1BWBW/WWW1WWWWW/WWWW1WWWW w 0 2" \
	--turn d1-d2A-e3A-d4A-c3W-b4A-c5W-d5W -o $out/chain.png --force
fanorona puzzles show telo-noho-dimy-one-of-22 -o $out/telo-noho-dimy-one-of-22.png --force

# Every puzzle of the collection with its first turn.
mkdir -p $out/puzzles
for name in $(fanorona puzzles list | cut -d' ' -f1); do
	fanorona puzzles show "$name" -o "$out/puzzles/$name.svg" --force
done

# The longest win of each class that is not a puzzle, with the first turn the tables
# give (fanorona tablebase probe --paika-limit 0 --fen FEN: "best"). 3v5 is drawn
# without one: its first turn needs the 3v5/5v3 tables.
mkdir -p $out/records
record() { fanorona show --fen "$2" ${3:+--turn "$3"} --paika-limit 0 -o "$out/records/$1.svg" --force; }
record 1v1 "9/B8/9/9/W8 w" a1-b2
record 1v2 "B8/B8/9/1W7/9 w" b2-b3
record 1v3 "9/9/2B6/9/BBW6 w" c1-c2A
record 1v4 "B8/B8/2B6/9/WB7 w" a1-b2A-b3W
record 1v5 "B8/B2B5/2B6/9/WB7 w" a1-b2A-b3W
record 4v3 "3W1W2W/9/B8/3B2W2/5B3 w" g2-g3
record 3v4 "2BB2B2/2W3B2/2W6/9/4W4 w" e1-f2
record 5v2 "9/9/9/1B1B2WW1/W1W3W2 w" c1-d1
record 2v5 "9/9/B5B2/1W7/B3B1WB1 w" g1-g2A
record 6v1 "2W1W4/9/1WWB5/9/2W1W4 w" b3-a3
record 1v6 "B8/B8/B1B6/B8/W1B6 w" a1-b2A-c2W-c3W-b3A
record 3v5 "B8/B8/W2W5/B8/B3W2B1 w" ""
