// examples.go: the Examples section of the help of the commands defined in files owned
// elsewhere, applied by command path when the tree is built (applyExamples), so that
// their files need no edit. A command that sets its own Example keeps it.

package main

const rootExample = `  fanorona perft --depth 5
  fanorona analyze --fen "9/6B2/5W1W1/9/9 w 0 10" --player expert:depth=6
  fanorona play --black medium
  fanorona selfplay --player medium --games 200 --seed 7
  fanorona tablebase build --max-pieces 4
  fanorona --version`

var commandExamples = map[string]string{
	"fanorona selfplay": `  # 200 games of medium against itself, colours swapped in pairs, records in out/selfplay-7
  fanorona selfplay --player medium --games 200 --seed 7
  # the same run in 4 shards (one machine each, the same --run-id), merged afterwards
  fanorona selfplay --player medium --games 200 --seed 7 --shard 0/4 --run-id 0123456789abcdef0123456789abcdef -o shard0`,
	"fanorona tournament": `  fanorona tournament --players random,greedy,easy,medium --games 100 --seed 3
  fanorona tournament --players expert:depth=6,medium,easy --format gauntlet --games 50 --plots
  fanorona tournament --players expert:depth=6,medium --format gauntlet --fixed-colours --openings file:positions.fen --games 200`,
	"fanorona stats": `  fanorona stats out/selfplay-7/games.jsonl
  fanorona stats --json --compare a/games.jsonl -- b/games.jsonl`,
	"fanorona merge": `  fanorona merge -o merged shard0 shard1 shard2 shard3`,
	"fanorona plot": `  fanorona plot lengths out/selfplay-7/games.jsonl -o lengths.png
  fanorona plot ratings out/tournament-3/games.jsonl -o ratings.svg`,
	"fanorona plot lengths":   `  fanorona plot lengths out/selfplay-7/games.jsonl --cdf -o lengths.svg`,
	"fanorona plot firstmove": `  fanorona plot firstmove out/selfplay-7/games.jsonl -o firstmove.png`,
	"fanorona plot ratings":   `  fanorona plot ratings out/tournament-3/games.jsonl -o ratings.png`,
	"fanorona plot matrix":    `  fanorona plot matrix out/tournament-3/games.jsonl -o matrix.png`,
	"fanorona tablebase": `  fanorona tablebase build --max-pieces 5
  fanorona tablebase probe --fen "9/9/4W4/3B5/9 w"`,
	"fanorona tablebase build": `  fanorona tablebase build --max-pieces 5
  fanorona tablebase build --material 3v3 --workers 2
  fanorona tablebase build --material 3v3 --only`,
	"fanorona tablebase plan": `  fanorona tablebase plan --max-pieces 8
  fanorona tablebase plan --material 3v5 --json`,
	"fanorona tablebase probe": `  fanorona tablebase probe --fen "9/9/4W4/3B5/9 w" --json
  fanorona tablebase probe --batch positions.fens --json`,
	"fanorona tablebase verify": `  fanorona tablebase verify --material 3v2`,
	"fanorona tablebase stats":  `  fanorona tablebase stats --json`,
	"fanorona solve": `  fanorona solve --fen "9/6B2/5W1W1/9/9 w 0 10" --time 5s
  fanorona solve --fen "9/9/4W4/3B5/9 w" --json`,
	"fanorona puzzles":       `  fanorona puzzles list`,
	"fanorona puzzles list":  `  fanorona puzzles list --json`,
	"fanorona puzzles solve": `  fanorona puzzles solve longest-3v2 --time 5s`,
	"fanorona engine": `  # serve the expert to a GUI or a match runner speaking the UCI-like protocol
  fanorona engine --player expert:depth=8
  printf 'uci\nisready\nposition startpos\ngo depth 4\nquit\n' | fanorona engine --player medium --notation dashed`,
	"fanorona help": `  fanorona help selfplay`,
	"fanorona completion": `  source <(fanorona completion bash)
  fanorona completion zsh > "${fpath[1]}/_fanorona"
  fanorona completion fish > ~/.config/fish/completions/fanorona.fish`,
	"fanorona completion bash":       `  source <(fanorona completion bash)`,
	"fanorona completion zsh":        `  fanorona completion zsh > "${fpath[1]}/_fanorona"`,
	"fanorona completion fish":       `  fanorona completion fish > ~/.config/fish/completions/fanorona.fish`,
	"fanorona completion powershell": `  fanorona completion powershell | Out-String | Invoke-Expression`,
}
