// examples.go: the Examples section of every command's help, in one place, by command path
// (applyExamples sets them when the tree is built). Every line is run by
// TestEveryHelpExampleRuns, so an example that stops working fails the tests.

package main

var commandExamples = map[string]string{
	"fanorona": `  fanorona perft --depth 5
  fanorona analyze --fen "9/6B2/5W1W1/9/9 w 0 10" --player expert:depth=6
  fanorona play --black medium
  fanorona selfplay --player medium --games 200 --seed 7
  fanorona tablebase build --max-pieces 4
  fanorona --version`,
	"fanorona analyze": `  fanorona analyze --player expert:depth=6
  fanorona analyze --player expert:depth=6 --multipv 3
  fanorona analyze --fen "9/6B2/5W1W1/9/9 w 0 10" --player expert:time=200ms --json
  fanorona analyze --fen "9/9/4W4/3B5/9 w" --tablebases ~/tb`,
	"fanorona check": `  fanorona check cert.fpc.gz --tablebases ~/.cache/fanorona/tablebases`,
	"fanorona completion": `  source <(fanorona completion bash)
  fanorona completion zsh > "${fpath[1]}/_fanorona"
  fanorona completion fish > ~/.config/fish/completions/fanorona.fish`,
	"fanorona completion bash":       `  source <(fanorona completion bash)`,
	"fanorona completion fish":       `  fanorona completion fish > ~/.config/fish/completions/fanorona.fish`,
	"fanorona completion powershell": `  fanorona completion powershell | Out-String | Invoke-Expression`,
	"fanorona completion zsh":        `  fanorona completion zsh > "${fpath[1]}/_fanorona"`,
	"fanorona engine": `  # serve the expert to a GUI or a match runner speaking the UCI-like protocol
  fanorona engine --player expert:depth=8
  printf 'uci\nisready\nposition startpos\ngo depth 4\nquit\n' | fanorona engine --player medium --notation dashed`,
	"fanorona export": `  fanorona export out/tournament-3 > tournament-3.pgn
  fanorona export shard0/games.jsonl shard1/games.jsonl -o run.pgn`,
	"fanorona help":  `  fanorona help selfplay`,
	"fanorona merge": `  fanorona merge -o merged shard0 shard1 shard2 shard3`,
	"fanorona moves": `  fanorona moves
  fanorona moves --json --fen "BBBB1B1BB/BBBBBWBBB/BW1WWB1BW/WWWBWWWWW/WWWW1WWWW b 0 0"`,
	"fanorona net": `  fanorona net data -o positions.pos --games 100`,
	"fanorona net data": `  # 100 games of the default player: about 5,000 positions in a few seconds
  fanorona net data -o positions.pos --games 100
  # one shard of ten of a larger set (a cluster's array task), continued after an interruption
  fanorona net data -o shard3.pos --games 200000 --shard 3/10 --resume`,
	"fanorona net info": `  fanorona net info default
  fanorona net info default --json`,
	"fanorona net train": `  # small.pos made first by: fanorona net data -o small.pos --games 300
  fanorona net train -o small.fnn small.pos --curve small.csv --plot small.png
  fanorona net train -o wide.fnn small.pos --hidden 64 --layer 16 --lambda 0.5 --seed 2`,
	"fanorona perft": `  fanorona perft --depth 5
  fanorona perft --depth 3 --divide --fen "BBBBBB1BB/BBB1B1BBB/BWBB2WBW/WWW1W1WWW/WWW1WWWWW w 0 0"
  fanorona perft --depth 4 --paths --json`,
	"fanorona play": `  fanorona play --black medium
  fanorona play --white expert:depth=6 --black human --seed 3
  fanorona play --white human --black human --fen "9/6B2/5W1W1/9/9 w 0 10"`,
	"fanorona plot": `  fanorona plot lengths out/selfplay-7/games.jsonl -o lengths.png
  fanorona plot ratings out/tournament-3/games.jsonl -o ratings.svg`,
	"fanorona plot firstmove": `  fanorona plot firstmove out/selfplay-7/games.jsonl -o firstmove.png`,
	"fanorona plot lengths":   `  fanorona plot lengths out/selfplay-7/games.jsonl --cdf -o lengths.svg`,
	"fanorona plot matrix":    `  fanorona plot matrix out/tournament-3/games.jsonl -o matrix.png`,
	"fanorona plot proofs":    `  fanorona plot proofs sample-6.jsonl sample-7.jsonl -o proof-sizes.svg`,
	"fanorona plot ratings":   `  fanorona plot ratings out/tournament-3/games.jsonl -o ratings.png`,
	"fanorona positions": `  fanorona positions runs/v2-v1/games.jsonl --pieces 8-16 --lead 2 --count 200 --seed 1 -o positions.fen
  fanorona positions out/tournament-3 --count 50 --strong-side any > sample.fen`,
	"fanorona prove": `  fanorona prove --fen "9/9/2W1W4/3B1B3/9 w" --claim value -o cert.fpc.gz
  fanorona prove --fen "9/9/2W1W4/3B1B3/9 w" --claim white-not-loses --paika-limit 0 --time 30s
  fanorona prove --opening --ledger docs/results/opening --status`,
	"fanorona prove-sample": `  # the tables of at most 4 pieces (tablebase build --max-pieces 4 --tablebases tb4) prove the values
  # of 100 positions of 5 pieces, each compared with the full tables of the default folder
  fanorona prove-sample --tablebases tb4 --reference ~/.cache/fanorona/tablebases --pieces 5 --count 100 --seed 1 --certificates certs
  fanorona prove-sample --tablebases ~/.cache/fanorona/tablebases --positions quiet-9-12.txt --nodes 50000000 > sample.jsonl`,
	"fanorona puzzles":      `  fanorona puzzles list`,
	"fanorona puzzles list": `  fanorona puzzles list --json`,
	"fanorona puzzles show": `  fanorona puzzles show longest-3v2
  fanorona puzzles show telo-noho-dimy-one-of-22 -o one-of-22.png`,
	"fanorona puzzles solve": `  fanorona puzzles solve longest-3v2 --time 5s`,
	"fanorona report": `  fanorona report out/tournament-1 -o report.html
  fanorona report shard0/games.jsonl shard1/games.jsonl -o both.html --force`,
	"fanorona selfplay": `  # 200 games of medium against itself, colours swapped in pairs, records in out/selfplay-7
  fanorona selfplay --player medium --games 200 --seed 7
  # the same run in 4 shards (one machine each, the same --run-id), merged afterwards
  fanorona selfplay --player medium --games 200 --seed 7 --shard 0/4 --run-id 0123456789abcdef0123456789abcdef -o shard0`,
	"fanorona serve": `  fanorona serve
  fanorona serve --addr 127.0.0.1:0 --open
  fanorona serve --tablebases ~/.cache/fanorona/tablebases --paika-limit 0`,
	"fanorona show": `  fanorona show
  fanorona show --fen "9/6B2/5W1W1/9/9 w 0 10"
  fanorona show --turn e2-e3A -o start.svg
  fanorona show --fen "BBBBBBBBB/B1BBBBBBB/BW1B1BWBW/WWW1WWWWW/WWWW1WWWW w 0 2" --turn d1-d2A-e3A-d4A-c3W-b4A-c5W-d5W -o chain.png`,
	"fanorona solve": `  fanorona solve --fen "9/6B2/5W1W1/9/9 w 0 10" --time 5s
  fanorona solve --fen "9/9/4W4/3B5/9 w" --json`,
	"fanorona stats": `  fanorona stats out/selfplay-7/games.jsonl
  fanorona stats --json --compare a/games.jsonl -- b/games.jsonl`,
	"fanorona tablebase": `  fanorona tablebase build --max-pieces 5
  fanorona tablebase probe --fen "9/9/4W4/3B5/9 w"`,
	"fanorona tablebase build": `  fanorona tablebase build --max-pieces 5
  fanorona tablebase build --material 3v3 --workers 2
  fanorona tablebase build --material 3v3 --only`,
	"fanorona tablebase plan": `  fanorona tablebase plan --max-pieces 8
  fanorona tablebase plan --material 3v5 --json`,
	"fanorona tablebase probe": `  fanorona tablebase probe --fen "9/9/4W4/3B5/9 w" --json
  fanorona tablebase probe --batch positions.fens --json`,
	"fanorona tablebase stats":  `  fanorona tablebase stats --json`,
	"fanorona tablebase verify": `  fanorona tablebase verify --material 3v2`,
	"fanorona tournament": `  fanorona tournament --players random,greedy,easy,medium --games 100 --seed 3
  fanorona tournament --players expert:depth=6,medium,easy --format gauntlet --games 50 --plots
  fanorona tournament --players expert:depth=6,medium --format gauntlet --fixed-colours --openings file:positions.fen --games 200`,
}
