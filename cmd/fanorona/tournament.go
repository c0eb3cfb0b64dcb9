// tournament.go: the selfplay, tournament, stats and merge commands, thin over package
// tournament.

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"runtime/debug"
	"strconv"
	"strings"

	"github.com/fanorona/fanorona/engine/record"
	"github.com/fanorona/fanorona/puzzles/tablebase"
	"github.com/fanorona/fanorona/tournament"
	"github.com/fanorona/fanorona/tournament/report"
	"github.com/fanorona/fanorona/tournament/summary"
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
	runID       string
	seed        uint64
	concurrency int
	resume      bool
	startResume bool
	openings    string
	maxPlies    int
	shard       string
	shardCount  int
	sprt        string
	sprtStop    bool
	plots       bool
	report      bool
	csv         string
	tablebases  string
	adjudicate  bool
	rules       rulesFlags
	engines     engineFlags
	cmd         *cobra.Command // the command whose flags these are (bind)
}

func (f *runFlags) bind(c *cobra.Command) {
	f.cmd = c
	c.Flags().IntVar(&f.games, "games", 100, "games per pairing of players (played in colour-swapped pairs); raised with --resume, a finished run of one pairing plays on to it as a run started with it would have")
	c.Flags().StringVarP(&f.out, "output", "o", "", "output folder for games.jsonl, run.json and summary.json (default: out/<command>-<seed>)")
	c.Flags().StringVar(&f.out, "out", "", "deprecated alias of --output")
	_ = c.Flags().MarkHidden("out")
	c.Flags().StringVar(&f.runID, "run-id", "", "the run's id, 32 hex digits (default: 128 random bits); every shard of one run needs the same")
	c.Flags().Uint64Var(&f.seed, "seed", 1, "run seed: every random choice derives from it")
	c.Flags().IntVar(&f.concurrency, "workers", 0, "games played at once (0 = all cores)")
	c.Flags().IntVar(&f.concurrency, "concurrency", 0, "deprecated alias of --workers")
	_ = c.Flags().MarkHidden("concurrency")
	c.Flags().BoolVar(&f.resume, "resume", false, "continue the run already in --output (refused when the folder holds none)")
	c.Flags().BoolVar(&f.startResume, "start-or-resume", false, "continue the run in --output, or start it when the folder holds none (for scheduled tasks that may be restarted)")
	c.Flags().StringVar(&f.openings, "openings", "start", "start (White's score is the first-move advantage at the level; a deterministic level plays one game from it: add vary, e.g. expert:nodes=20000,vary=20), "+
		"firstmove or firstmove:K (each of White's five first turns in turn, then K seeded random plies: what each first turn is worth at the level, reported by first turn), "+
		"random:K (K seeded random plies), book:K (every distinct position after K plies, in turn), "+
		"distinct:K (a different position after K plies for every pair, every game in self-play, that a 2-ply search scores within ±1½ pieces: different games for deterministic players; near even for the side to move up to medium), "+
		"even:K (as distinct:K, judged by an 8-ply search within ±1 piece: the set offered for the expert, nearer even there than distinct:K; judging takes minutes) "+
		"or file:PATH (a positions file, one FEN a line, # comments: the next line for every pair, every game in self-play or with --fixed-colours). "+
		"On every set but start and firstmove, self-play's White score is the side to move's score on that set, not the first-move advantage; no set is balanced at every level (docs/RESULTS.md). "+
		"Between different players colour-swapped pairs keep a set's edge out of their results. run.json records the set: its judge's version and the SHA-256 of its positions")
	c.Flags().IntVar(&f.maxPlies, "max-plies", tournament.DefaultMaxPlies, "stop a game after this many plies (a draw, reason max-plies)")
	c.Flags().StringVar(&f.shard, "shard", "", "play only shard i/n of the games (0-based; also from JOB_COMPLETION_INDEX or SLURM_ARRAY_TASK_ID with --shard-count)")
	c.Flags().IntVar(&f.shardCount, "shard-count", 0, "number of shards when the index comes from the environment")
	c.Flags().StringVar(&f.sprt, "sprt", "", "sequential test per pair of different players (tournament only): elo0,elo1[,alpha,beta] (default alpha=beta=0.05)")
	c.Flags().BoolVar(&f.sprtStop, "sprt-stop", false, "stop the run when every pair's SPRT has decided")
	c.Flags().BoolVar(&f.plots, "plots", false, "also write the charts that apply into the output folder")
	c.Flags().BoolVar(&f.report, "report", false, "also write report.html (tables, charts, settings, warnings in one page) into the output folder")
	c.Flags().StringVar(&f.csv, "csv", "", "also write the tables as CSV to FILE, a new file (docs/FORMATS.md, \"Tables as CSV\")")
	c.Flags().StringVar(&f.tablebases, "tablebases", "", `tablebase folder for expert's probes ("" = the default cache folder if it exists, "none" = off); run.json records the folder used`)
	c.Flags().BoolVar(&f.adjudicate, "adjudicate", false, "end each game at the first position the --tablebases tables decide, with their value under the run's rules (reason tablebase); run.json records the pieces covered")
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
		Rules: record.RulesFrom(r, f.maxPlies), Concurrency: f.concurrency, RunID: f.runID,
	}
	if err := f.shardFlags(&c); err != nil {
		return c, tournament.Options{}, err
	}
	if err := checkCSV(f.csv); err != nil {
		return c, tournament.Options{}, err
	}
	o := tournament.Options{Out: f.out, Resume: f.resume || f.startResume, StartOrResume: f.startResume, StopOnSPRT: f.sprtStop}
	// More games on resume only when asked for by name: the default of --games never
	// extends a run.
	o.MoreGames = o.Resume && f.cmd != nil && f.cmd.Flags().Changed("games")
	if o.Out == "" {
		o.Out = fmt.Sprintf("out/%s-%d", command, f.seed)
		if c.Shards > 1 {
			o.Out += fmt.Sprintf("-shard%dof%d", c.Shard, c.Shards)
		}
	}
	if f.sprt != "" {
		if format == tournament.SelfPlay {
			return c, o, badInputf("--sprt: selfplay has no pair of different players to test; use tournament --players A,B --sprt %s", f.sprt)
		}
		s, err := parseSPRT(f.sprt)
		if err != nil {
			return c, o, err
		}
		o.SPRT = s
	} else if f.sprtStop {
		return c, o, badInputf("--sprt-stop needs --sprt elo0,elo1")
	}
	if c.RunID != "" {
		if err := record.CheckRunID(c.RunID); err != nil {
			return c, o, badInputf("--run-id: %v", err)
		}
	}
	dir, oracle, sums, err := runTablebases(f.tablebases, r.PaikaLimit)
	if err != nil {
		return c, o, err
	}
	opts := oracleOptions(oracle)
	o.PlayerOptions = opts
	if opts != nil {
		c.Tablebases, c.TablebaseDir, c.TablebaseFiles = true, dir, sums
	}
	if f.adjudicate {
		if dir == "" {
			return c, o, badInputf("--adjudicate needs tables: give --tablebases DIR (build them with: fanorona tablebase build --max-pieces 5 --tablebases DIR, about 10 s)")
		}
		set := tablebase.Open(dir)
		if oracle != nil {
			set = oracle.Set() // the players' tables, not a second copy
		}
		if o.Adjudicator, err = tournament.NewAdjudicator(set, r.PaikaLimit); err != nil {
			return c, o, badInput(err)
		}
	}
	return c, o, nil // tournament.Run validates the rest (an InputError: exit status 2)
}

// runTablebases reads a run's --tablebases (tablebasesFolder: "none" is off, "" the
// default folder when it exists, every file's header checked); a folder given that holds
// no tables is bad input. Every table the run may probe under paika limit limit is
// checked before the first game (checkedTablebases); the files checked are returned for
// run.json, with the players' oracle (nil: none).
func runTablebases(flag string, limit int) (string, *tablebase.Oracle, []tablebase.FileSum, error) {
	dir, err := tablebasesFolder(flag, tablebase.Optional)
	if err != nil || dir == "" {
		return "", nil, nil, err
	}
	o, sums, err := checkedTablebases(dir, limit)
	switch {
	case err != nil:
		return "", nil, nil, err
	case o == nil && flag != "":
		return "", nil, nil, badInputf("--tablebases %s: no tablebase built there (fanorona tablebase build)", dir)
	}
	return dir, o, sums, nil
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

func parseSPRT(s string) (*summary.SPRTConfig, error) {
	parts := strings.Split(s, ",")
	if len(parts) != 2 && len(parts) != 4 {
		return nil, badInputf("--sprt %q: expected elo0,elo1 or elo0,elo1,alpha,beta", s)
	}
	v := make([]float64, 4)
	v[2], v[3] = 0.05, 0.05
	for i, p := range parts {
		x, err := strconv.ParseFloat(strings.TrimSpace(p), 64)
		if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
			return nil, badInputf("--sprt %q: %q is not a finite number", s, p)
		}
		v[i] = x
	}
	if v[1] <= v[0] || v[2] <= 0 || v[2] >= 0.5 || v[3] <= 0 || v[3] >= 0.5 {
		return nil, badInputf("--sprt %q: need elo0 < elo1 and 0 < alpha, beta < 0.5", s)
	}
	return &summary.SPRTConfig{Elo0: v[0], Elo1: v[1], Alpha: v[2], Beta: v[3]}, nil
}

// runAndReport runs a configured tournament, then prints its tables.
func runAndReport(ctx context.Context, s *streams, f *runFlags, c tournament.Config, o tournament.Options, label string) error {
	// Games allocate fast and keep little: a larger GC target (unless GOGC is set) lets
	// workers run in parallel instead of waiting for collections (docs/PERFORMANCE.md).
	// No soft memory limit here: the experts' hash tables are live data (two of 16 MB a
	// game), and a 64 MB limit had the collector run without pause beside them.
	if os.Getenv("GOGC") == "" {
		defer debug.SetGCPercent(debug.SetGCPercent(400))
	}
	bar := newProgress(s.err)
	o.Progress = func(done, total int) { bar.update(label, "games", int64(done), int64(total)) }
	o.Live = func(p summary.PairStats) { bar.setScore(report.LiveLine(p)) }
	o.Log = func(format string, args ...any) { fmt.Fprintf(s.err, "fanorona: "+format+"\n", args...) }
	inv := record.NewInvocation(commandLine(ctx))
	o.Invocation = &inv
	engines, err := f.engines.declare(o.Out, nil)
	if err != nil {
		return err
	}
	if engines != nil {
		defer engines.Close()
		// Started by the run once its checks pass and it holds the folder's lock, so
		// that a refused run leaves no engine log behind.
		o.StartEngines = func() ([]record.Engine, error) { return startEngines(engines, o.Out) }
	}
	sum, err := tournament.Run(ctx, c, o)
	bar.finish()
	if sum != nil {
		if werr := report.WriteText(s.out, sum); werr != nil && err == nil {
			err = werr
		}
		fmt.Fprintf(s.err, "fanorona: games in %s/%s, summary in %s/%s\n", o.Out, record.GamesFile, o.Out, record.SummaryFile)
		if f.csv != "" {
			if werr := writeCSV(s, f.csv, sum); werr != nil && err == nil {
				err = werr
			}
		}
	}
	if err == nil {
		paths, perr := report.WriteRunFiles(o.Out, f.plots, f.report, tournament.Deterministic)
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
		Use:   "selfplay --player SPEC --games N [-o DIR] [--seed S] [--workers N] [--resume] [--openings distinct:K ...] [--max-plies N]",
		Short: "Play one player against itself: first-move advantage (from the start, or on a set the side to move's score) and game lengths",
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
	// The SPRT tests two different players: selfplay keeps the flags only to refuse them
	// with the command that would run the test, and its help does not list them.
	_ = c.Flags().MarkHidden("sprt")
	_ = c.Flags().MarkHidden("sprt-stop")
	return c
}

func newTournamentCmd(s *streams) *cobra.Command {
	var f runFlags
	var list, format string
	var fixedColours bool
	c := &cobra.Command{
		Use:   "tournament --players A,B,C --games N [--format round-robin|gauntlet] [-o DIR] [--sprt elo0,elo1 [--sprt-stop]] [--fixed-colours] ...",
		Short: "Play players against each other: standings, ratings, first-move advantage, game lengths",
		Args:  cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			specs, err := splitSpecs(list)
			if err != nil {
				return err
			}
			fm := tournament.Format(format)
			if fm != tournament.RoundRobin && fm != tournament.Gauntlet {
				return badInputf("--format %q: expected round-robin or gauntlet", format)
			}
			cfg, o, err := f.config(fm, specs, "tournament")
			if err != nil {
				return err
			}
			cfg.FixedColours = fixedColours
			return runAndReport(c.Context(), s, &f, cfg, o, "tournament")
		},
	}
	c.Flags().BoolVar(&fixedColours, "fixed-colours", false, "no colour swap: in each pairing the first-listed player has White in every game, every game has an opening of its own, games are unpaired (no pentanomial; the SPRT counts single games); recorded in run.json")
	c.Flags().StringVar(&list, "players", "random,greedy,easy,medium", "comma-separated player specs; a spec's options follow ':' (expert:depth=4,nodes=100000,greedy is two players)")
	c.Flags().StringVar(&format, "format", string(tournament.RoundRobin), "round-robin or gauntlet (the first player against each other one)")
	f.bind(c)
	return c
}

// splitSpecs splits a comma-separated list of player specs. A piece of the form key=value
// without a name belongs to the spec before it, so options may contain commas too. An
// empty piece ("medium,,easy", a trailing comma) is bad input: a player left out by a
// typo would change the run without a word.
func splitSpecs(list string) ([]string, error) {
	var specs []string
	for i, p := range strings.Split(list, ",") {
		p = strings.TrimSpace(p)
		switch {
		case p == "":
			return nil, badInputf("--players %q: item %d is empty", list, i+1)
		case strings.Contains(p, "=") && !strings.Contains(p, ":") && len(specs) > 0:
			specs[len(specs)-1] += "," + p
		default:
			specs = append(specs, p)
		}
	}
	return specs, nil
}

func newStatsCmd(s *streams) *cobra.Command {
	var asJSON, compare, replay bool
	var sprt, csvPath string
	c := &cobra.Command{
		Use:   "stats FILE... [--json] [--csv FILE] [--sprt elo0,elo1] [--replay] [--compare FILE... -- FILE...]",
		Short: "Statistics of existing games.jsonl records (files or run folders)",
		Long: `Statistics of existing games.jsonl records (files or run folders), read one line at a time.

Exact duplicate records (same run, index and content) are dropped with one warning; two
different records of the same game are an error. With --compare, the files before "--" are
one set and the files after it the other: their game lengths are compared by a two-sample
Kolmogorov–Smirnov test (stats A1 A2 --compare -- B1 B2).`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			setA, setB := args, []string(nil)
			dash := c.ArgsLenAtDash()
			switch {
			case compare && dash < 0:
				return badInputf("--compare: give the two sets separated by --, e.g. stats A.jsonl --compare -- B.jsonl")
			case compare && (dash == 0 || dash == len(args)):
				return badInputf("--compare: each side of -- needs at least one file")
			case !compare && dash >= 0:
				return badInputf("files after --: only --compare takes a second set")
			case compare:
				setA, setB = args[:dash], args[dash:]
			}
			if err := checkCSV(csvPath); err != nil {
				return err
			}
			var cfg *summary.SPRTConfig
			if sprt != "" {
				var err error
				if cfg, err = parseSPRT(sprt); err != nil {
					return err
				}
			}
			a, err := accumulateFiles(s, setA, cfg, replay)
			if err != nil {
				return err
			}
			var b *summary.Accumulator
			if setB != nil {
				if b, err = accumulateFiles(s, setB, nil, replay); err != nil {
					return err
				}
			}
			sum := a.Summary()
			if cfg != nil && len(sum.Pairs) == 0 {
				fmt.Fprintf(s.err, "fanorona: warning: --sprt: no games between two different players, so no test\n")
			}
			if csvPath != "" {
				if err := writeCSV(s, csvPath, sum); err != nil {
					return err
				}
			}
			if asJSON {
				out := map[string]any{"summary": sum}
				if b != nil {
					ks := summary.CompareLengths(a, b)
					out["length_ks"] = map[string]any{"d": summary.Num(ks.D), "p_value": summary.Num(ks.PValue), "exact": ks.Exact, "n": ks.N, "m": ks.M, "method": ks.Method}
				}
				enc := json.NewEncoder(s.out)
				enc.SetIndent("", "  ")
				return enc.Encode(out)
			}
			if err := report.WriteText(s.out, sum); err != nil {
				return err
			}
			if b != nil {
				ks := summary.CompareLengths(a, b)
				p := "asymptotic"
				if ks.Exact {
					p = "exact"
				}
				fmt.Fprintf(s.out, "\nGame lengths, %s (%d) vs %s (%d), %s: two-sample Kolmogorov–Smirnov D = %.4f, p = %.4g (%s)\n",
					strings.Join(setA, " "), ks.N, strings.Join(setB, " "), ks.M, ks.Method, ks.D, ks.PValue, p)
			}
			return nil
		},
	}
	c.Flags().BoolVar(&asJSON, "json", false, "print the summary as JSON (the summary.json format)")
	c.Flags().StringVar(&csvPath, "csv", "", "also write the tables as CSV to FILE, a new file (docs/FORMATS.md, \"Tables as CSV\"; the --compare line is not a table)")
	c.Flags().BoolVar(&compare, "compare", false, `compare game lengths of the files before "--" with those after it (Kolmogorov–Smirnov)`)
	c.Flags().BoolVar(&replay, "replay", false, "replay every game through the engine and stop at the first illegal turn")
	c.Flags().StringVar(&sprt, "sprt", "", "sequential test per pair of different players: elo0,elo1[,alpha,beta]")
	return c
}

// heapSoftLimit caps the heap the garbage collector lets grow before collecting while
// records are read (unless GOMEMLIMIT is set): what stats keeps is small (8 bytes a
// record), and the cap keeps the heap near it (docs/PERFORMANCE.md).
const heapSoftLimit = 64 << 20

func boundHeap() {
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(heapSoftLimit)
	}
}

// accumulateFiles streams record files into an accumulator. Bad lines are skipped with a
// warning naming file:line, exact duplicates dropped with one warning; a conflict, an
// unreadable file, no valid record or (with replay) an illegal game is bad input.
func accumulateFiles(s *streams, paths []string, sprt *summary.SPRTConfig, replay bool) (*summary.Accumulator, error) {
	boundHeap()
	// What stats keeps is a few large pointer-free tables (8 bytes a record, 8 a distinct
	// game), cheap to collect; a low GC target keeps the heap close to them.
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(25)
	}
	acc := summary.NewAccumulator(sprt, nil, tournament.Deterministic)
	st, err := record.ScanRecords(paths, record.ScanOptions{Bad: func(e *record.LineError) {
		fmt.Fprintf(s.err, "fanorona: warning: skipped %v\n", e)
	}}, func(r *record.Record, at record.Place) error {
		if replay {
			if err := record.Replay(r); err != nil {
				return fmt.Errorf("%s: game %d: %w", at, r.Index, err)
			}
		}
		acc.Add(r, at.File)
		return nil
	})
	if err != nil {
		return nil, badInput(err)
	}
	warnDuplicates(s, st.Duplicates)
	if st.Records == 0 {
		return nil, badInputf("no valid game records in %s", strings.Join(paths, ", "))
	}
	return acc, nil
}

func warnDuplicates(s *streams, n int) {
	if n > 0 {
		fmt.Fprintf(s.err, "fanorona: warning: dropped %d exact duplicate records (same run, game index and content)\n", n)
	}
}

func newMergeCmd(s *streams) *cobra.Command {
	var out string
	c := &cobra.Command{
		Use:   "merge -o DIR SHARD...",
		Short: "Join the games of a run's shards (folders or games.jsonl files) into one run",
		Args:  cobra.MinimumNArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			if out == "" {
				return badInputf("--output is required")
			}
			res, err := tournament.Merge(args, out, nil)
			if err != nil {
				return err
			}
			warnDuplicates(s, res.Duplicates)
			if res.Config != nil && res.Summary.Games < res.Config.TotalGames() {
				fmt.Fprintf(s.err, "fanorona: merged %d of the run's %d games (shards missing or unfinished)\n", res.Summary.Games, res.Config.TotalGames())
			}
			return report.WriteText(s.out, res.Summary)
		},
	}
	c.Flags().StringVarP(&out, "output", "o", "", "folder for the merged games.jsonl, run.json and summary.json")
	c.Flags().StringVar(&out, "out", "", "deprecated alias of --output")
	_ = c.Flags().MarkHidden("out")
	return c
}

// checkCSV checks, before any work, that --csv names a new file in a folder that takes one
// ("" = no CSV).
func checkCSV(path string) error {
	if path == "" {
		return nil
	}
	if err := report.CheckOutput(path, false); errors.Is(err, fs.ErrExist) {
		return badInputf("--csv %s exists: choose a new file (tables are never written over a file)", path)
	} else if err != nil {
		return badInputf("--csv %v", err)
	}
	return nil
}

// writeCSV writes the tables of sum as CSV to path, a new file, and says so on stderr.
func writeCSV(s *streams, path string, sum *summary.Summary) error {
	var b bytes.Buffer
	if err := report.WriteCSV(&b, sum); err != nil {
		return err
	}
	return writeOutputFile(s, path, b.Bytes(), false)
}
