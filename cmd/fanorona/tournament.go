// tournament.go: the selfplay, tournament, stats and merge commands, thin over package
// tournament.

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"runtime/debug"
	"strconv"
	"strings"

	"github.com/fanorona/fanorona/tournament"
	"github.com/spf13/cobra"
)

func init() {
	registerCommand(newSelfplayCmd)
	registerCommand(newTournamentCmd)
	registerCommand(newStatsCmd)
	registerCommand(newMergeCmd)
}

// runFlags are the flags selfplay and tournament share.
type runFlags struct {
	games       int
	out         string
	seed        uint64
	concurrency int
	resume      bool
	openings    string
	maxPlies    int
	shard       string
	shardCount  int
	sprt        string
	sprtStop    bool
	plots       bool
	tablebases  string
	rules       rulesFlags
	engines     engineFlags
}

func (f *runFlags) bind(c *cobra.Command) {
	c.Flags().IntVar(&f.games, "games", 100, "games per pairing of players (played in colour-swapped pairs)")
	c.Flags().StringVar(&f.out, "out", "", "output folder for games.jsonl, run.json and summary.json (default: out/<command>-<seed>)")
	c.Flags().Uint64Var(&f.seed, "seed", 1, "run seed: every random choice derives from it")
	c.Flags().IntVar(&f.concurrency, "concurrency", 0, "games played at once (0 = all cores)")
	c.Flags().BoolVar(&f.resume, "resume", false, "continue the run already in --out")
	c.Flags().StringVar(&f.openings, "openings", "start", "start, random:K (K seeded random plies) or book:K (every distinct position after K plies, in turn)")
	c.Flags().IntVar(&f.maxPlies, "max-plies", tournament.DefaultMaxPlies, "stop a game after this many plies (a draw, reason max-plies)")
	c.Flags().StringVar(&f.shard, "shard", "", "play only shard i/n of the games (0-based; also from JOB_COMPLETION_INDEX or SLURM_ARRAY_TASK_ID with --shard-count)")
	c.Flags().IntVar(&f.shardCount, "shard-count", 0, "number of shards when the index comes from the environment")
	c.Flags().StringVar(&f.sprt, "sprt", "", "sequential test per pair: elo0,elo1[,alpha,beta] (default alpha=beta=0.05)")
	c.Flags().BoolVar(&f.sprtStop, "sprt-stop", false, "stop the run when every pair's SPRT has decided")
	c.Flags().BoolVar(&f.plots, "plots", false, "also write the charts that apply into the output folder")
	c.Flags().StringVar(&f.tablebases, "tablebases", "none", `tablebase folder for expert's probes ("" = the default cache folder; off by default so that results do not depend on what a machine has built)`)
	f.rules.bind(c)
	f.engines.bind(c)
}

// config turns the flags into a run configuration.
func (f *runFlags) config(format tournament.Format, specs []string, command string) (tournament.Config, tournament.Options, error) {
	r, err := f.rules.rules()
	if err != nil {
		return tournament.Config{}, tournament.Options{}, err
	}
	c := tournament.Config{
		Format: format, Players: specs, Games: f.games, Openings: f.openings, Seed: f.seed,
		Rules: tournament.RecordRules(r, f.maxPlies), Concurrency: f.concurrency,
		Tablebases: f.tablebases != "none",
	}
	if err := f.shardFlags(&c); err != nil {
		return c, tournament.Options{}, err
	}
	o := tournament.Options{Out: f.out, Resume: f.resume, StopOnSPRT: f.sprtStop}
	if o.Out == "" {
		o.Out = fmt.Sprintf("out/%s-%d", command, f.seed)
		if c.Shards > 1 {
			o.Out += fmt.Sprintf("-shard%dof%d", c.Shard, c.Shards)
		}
	}
	if f.sprt != "" {
		s, err := parseSPRT(f.sprt)
		if err != nil {
			return c, o, err
		}
		o.SPRT = s
	} else if f.sprtStop {
		return c, o, badInputf("--sprt-stop needs --sprt elo0,elo1")
	}
	return c, o, nil // tournament.Run validates the rest (an InputError: exit status 2)
}

// shardFlags reads --shard, or the array-job index from the environment.
func (f *runFlags) shardFlags(c *tournament.Config) error {
	if f.shard != "" {
		i, n, err := tournament.ParseShard(f.shard)
		if err != nil {
			return badInput(err)
		}
		c.Shard, c.Shards = i, n
		return nil
	}
	for _, env := range []string{"JOB_COMPLETION_INDEX", "SLURM_ARRAY_TASK_ID"} {
		v := os.Getenv(env)
		if v == "" {
			continue
		}
		i, err := strconv.Atoi(v)
		if err != nil || i < 0 {
			return badInputf("%s=%q: expected a whole number", env, v)
		}
		if f.shardCount < 1 {
			return badInputf("%s is set: give the number of shards with --shard-count", env)
		}
		if i >= f.shardCount {
			return badInputf("%s=%d: must be below --shard-count %d", env, i, f.shardCount)
		}
		c.Shard, c.Shards = i, f.shardCount
		return nil
	}
	if f.shardCount > 0 {
		return badInputf("--shard-count without --shard or an array-job index in the environment")
	}
	return nil
}

func parseSPRT(s string) (*tournament.SPRTConfig, error) {
	parts := strings.Split(s, ",")
	if len(parts) != 2 && len(parts) != 4 {
		return nil, badInputf("--sprt %q: expected elo0,elo1 or elo0,elo1,alpha,beta", s)
	}
	v := make([]float64, 4)
	v[2], v[3] = 0.05, 0.05
	for i, p := range parts {
		x, err := strconv.ParseFloat(strings.TrimSpace(p), 64)
		if err != nil {
			return nil, badInputf("--sprt %q: %q is not a number", s, p)
		}
		v[i] = x
	}
	if v[1] <= v[0] || v[2] <= 0 || v[2] >= 0.5 || v[3] <= 0 || v[3] >= 0.5 {
		return nil, badInputf("--sprt %q: need elo0 < elo1 and 0 < alpha, beta < 0.5", s)
	}
	return &tournament.SPRTConfig{Elo0: v[0], Elo1: v[1], Alpha: v[2], Beta: v[3]}, nil
}

// runAndReport runs a configured tournament, then prints its tables.
func runAndReport(ctx context.Context, s *streams, f *runFlags, c tournament.Config, o tournament.Options, label string) error {
	// Games allocate fast and keep little: a larger GC target (unless GOGC is set) lets
	// workers run in parallel instead of waiting for collections (docs/PERFORMANCE.md).
	if os.Getenv("GOGC") == "" {
		defer debug.SetGCPercent(debug.SetGCPercent(400))
	}
	bar := newProgress(s.err)
	o.Progress = func(done, total int) { bar.update(label, "games", int64(done), int64(total)) }
	o.Log = func(format string, args ...any) { fmt.Fprintf(s.err, "fanorona: "+format+"\n", args...) }
	o.PlayerOptions = playerOptions(f.tablebases)
	if c.Tablebases && len(o.PlayerOptions) == 0 {
		return badInputf("--tablebases %q: no tablebase built there (fanorona tablebase build)", f.tablebases)
	}
	engines, recs, err := f.engines.start(o.Out, nil)
	if err != nil {
		return err
	}
	if engines != nil {
		defer engines.Close()
		c.Engines = recs
	}
	summary, err := tournament.Run(ctx, c, o)
	bar.finish()
	if summary != nil {
		if werr := tournament.WriteReport(s.out, summary); werr != nil && err == nil {
			err = werr
		}
		fmt.Fprintf(s.err, "fanorona: games in %s/%s, summary in %s/%s\n", o.Out, tournament.GamesFile, o.Out, tournament.SummaryFile)
	}
	if err == nil && f.plots {
		recs, _, rerr := tournament.ReadRecordFiles([]string{o.Out + "/" + tournament.GamesFile})
		if rerr != nil {
			return rerr
		}
		paths, perr := writeAllPlots(o.Out, recs)
		for _, p := range paths {
			fmt.Fprintf(s.err, "fanorona: wrote %s\n", p)
		}
		err = perr
	}
	return err
}

func newSelfplayCmd(s *streams) *cobra.Command {
	var f runFlags
	var player string
	c := &cobra.Command{
		Use:   "selfplay --player SPEC --games N [--out DIR] [--seed S] [--concurrency C] [--resume] [--openings ...] [--max-plies N]",
		Short: "Play one player against itself: first-move advantage and game lengths",
		Args:  cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			cfg, o, err := f.config(tournament.SelfPlay, []string{player}, "selfplay")
			if err != nil {
				return err
			}
			return runAndReport(c.Context(), s, &f, cfg, o, "selfplay "+player)
		},
	}
	c.Flags().StringVar(&player, "player", "random", "player spec, e.g. random, medium, expert:depth=4")
	f.bind(c)
	return c
}

func newTournamentCmd(s *streams) *cobra.Command {
	var f runFlags
	var list, format string
	c := &cobra.Command{
		Use:   "tournament --players A,B,C --games N [--format round-robin|gauntlet] [--out DIR] ...",
		Short: "Play players against each other: standings, ratings, first-move advantage, game lengths",
		Args:  cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			specs := splitSpecs(list)
			fm := tournament.Format(format)
			if fm != tournament.RoundRobin && fm != tournament.Gauntlet {
				return badInputf("--format %q: expected round-robin or gauntlet", format)
			}
			cfg, o, err := f.config(fm, specs, "tournament")
			if err != nil {
				return err
			}
			return runAndReport(c.Context(), s, &f, cfg, o, "tournament")
		},
	}
	c.Flags().StringVar(&list, "players", "random,greedy,easy,medium", "comma-separated player specs; a spec's options follow ':' (expert:depth=4,nodes=100000,greedy is two players)")
	c.Flags().StringVar(&format, "format", string(tournament.RoundRobin), "round-robin or gauntlet (the first player against each other one)")
	f.bind(c)
	return c
}

// splitSpecs splits a comma-separated list of player specs. A piece of the form key=value
// without a name belongs to the spec before it, so options may contain commas too.
func splitSpecs(list string) []string {
	var specs []string
	for _, p := range strings.Split(list, ",") {
		p = strings.TrimSpace(p)
		switch {
		case p == "":
		case strings.Contains(p, "=") && !strings.Contains(p, ":") && len(specs) > 0:
			specs[len(specs)-1] += "," + p
		default:
			specs = append(specs, p)
		}
	}
	return specs
}

func newStatsCmd(s *streams) *cobra.Command {
	var asJSON bool
	var compare []string
	var sprt string
	c := &cobra.Command{
		Use:   "stats FILE... [--json] [--compare FILE...]",
		Short: "Statistics of existing games.jsonl records",
		Args:  cobra.MinimumNArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			recs, err := readRecordsReporting(s, args)
			if err != nil {
				return err
			}
			var cfg *tournament.SPRTConfig
			if sprt != "" {
				if cfg, err = parseSPRT(sprt); err != nil {
					return err
				}
			}
			var other []tournament.Record
			if len(compare) > 0 {
				if other, err = readRecordsReporting(s, compare); err != nil {
					return err
				}
			}
			summary := tournament.Summarize(recs, cfg)
			if asJSON {
				out := map[string]any{"summary": summary}
				if other != nil {
					ks := tournament.CompareLengths(recs, other)
					out["length_ks"] = map[string]any{"d": tournament.Num(ks.D), "p_value": tournament.Num(ks.PValue), "exact": ks.Exact, "n": len(recs), "m": len(other)}
				}
				enc := json.NewEncoder(s.out)
				enc.SetIndent("", "  ")
				return enc.Encode(out)
			}
			if err := tournament.WriteReport(s.out, summary); err != nil {
				return err
			}
			if other != nil {
				ks := tournament.CompareLengths(recs, other)
				method := "asymptotic"
				if ks.Exact {
					method = "exact"
				}
				fmt.Fprintf(s.out, "\nGame lengths, %d vs %d games: two-sample Kolmogorov–Smirnov D = %.4f, p = %.4g (%s)\n", len(recs), len(other), ks.D, ks.PValue, method)
			}
			return nil
		},
	}
	c.Flags().BoolVar(&asJSON, "json", false, "print the summary as JSON (the summary.json format)")
	c.Flags().StringSliceVar(&compare, "compare", nil, "second set of records: compare game lengths (Kolmogorov–Smirnov)")
	c.Flags().StringVar(&sprt, "sprt", "", "sequential test per pair: elo0,elo1[,alpha,beta]")
	return c
}

// readRecordsReporting reads record files; bad lines are reported on stderr and skipped,
// a file that cannot be read (or holds no good record) is bad input.
func readRecordsReporting(s *streams, paths []string) ([]tournament.Record, error) {
	recs, bad, err := tournament.ReadRecordFiles(paths)
	if err != nil {
		return nil, badInput(err)
	}
	for _, b := range bad {
		fmt.Fprintf(s.err, "fanorona: warning: skipped %v\n", b)
	}
	if len(recs) == 0 {
		return nil, badInputf("no valid game records in %s", strings.Join(paths, ", "))
	}
	return recs, nil
}

func newMergeCmd(s *streams) *cobra.Command {
	var out string
	c := &cobra.Command{
		Use:   "merge --out DIR SHARD...",
		Short: "Join the games of a run's shards (folders or games.jsonl files) into one run",
		Args:  cobra.MinimumNArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			if out == "" {
				return badInputf("--out is required")
			}
			summary, err := tournament.Merge(args, out, nil)
			if err != nil {
				return err
			}
			if summary.Config != nil && summary.Games < summary.Config.TotalGames() {
				fmt.Fprintf(s.err, "fanorona: merged %d of the run's %d games (shards missing or unfinished)\n", summary.Games, summary.Config.TotalGames())
			}
			return tournament.WriteReport(s.out, summary)
		},
	}
	c.Flags().StringVar(&out, "out", "", "folder for the merged games.jsonl, run.json and summary.json")
	return c
}
