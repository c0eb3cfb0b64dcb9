// tournament.go: the selfplay, tournament, stats and merge commands, thin over package
// tournament (runs), tournament/summary (statistics of records) and tournament/report
// (their tables).

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
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
	registerCommand(func(s *streams) *cobra.Command { return newSelfplayCmd(s, nil) })
	registerCommand(func(s *streams) *cobra.Command { return newTournamentCmd(s, nil) })
	registerCommand(func(s *streams) *cobra.Command { return newStatsCmd(s, nil) })
	registerCommand(func(s *streams) *cobra.Command { return newMergeCmd(s, nil) })
}

// runOptions are the options of selfplay and tournament.
type runOptions struct {
	command, label         string // the command's name, and the progress bar's
	format                 tournament.Format
	players                []string
	games                  int
	moreGames              bool // --games given by name: a resumed run may grow to it
	out, runID             string
	seed                   uint64
	workers, maxPlies      int
	resume, startResume    bool
	openings, shard        string
	shardCount             int
	sprt                   string
	sprtStop, fixedColours bool
	plots, report          bool
	csv, tablebases        string
	adjudicate             bool
	rules                  rulesFlags
	engines                engineFlags
}

func (f *runOptions) bind(c *cobra.Command) {
	c.Flags().IntVar(&f.games, "games", 100, "games per pairing of players (played in colour-swapped pairs); raised with --resume, a finished run of one pairing plays on to it as a run started with it would have")
	c.Flags().StringVarP(&f.out, "output", "o", "", "output folder for games.jsonl, run.json and summary.json (default: out/<command>-<seed>)")
	c.Flags().StringVar(&f.out, "out", "", "deprecated alias of --output")
	c.Flags().StringVar(&f.runID, "run-id", "", "the run's id, 32 hex digits (default: 128 random bits); every shard of one run needs the same")
	c.Flags().Uint64Var(&f.seed, "seed", 1, "run seed: every random choice derives from it")
	c.Flags().IntVar(&f.workers, "workers", 0, "games played at once (0 = all cores)")
	c.Flags().IntVar(&f.workers, "concurrency", 0, "deprecated alias of --workers")
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
	for _, hidden := range []string{"out", "concurrency"} {
		_ = c.Flags().MarkHidden(hidden)
	}
	f.rules.bind(c)
	f.engines.bind(c)
}

// config turns the options into a run's configuration and how to carry it out; Run
// validates the rest (an InputError: exit status 2).
func (f *runOptions) config() (tournament.Config, tournament.Options, error) {
	r, err := f.rules.rules()
	if err != nil {
		return tournament.Config{}, tournament.Options{}, err
	}
	c := tournament.Config{Format: f.format, Players: f.players, Games: f.games, Openings: f.openings, Seed: f.seed,
		Rules: record.RulesFrom(r, f.maxPlies), Concurrency: f.workers, RunID: f.runID, FixedColours: f.fixedColours}
	o := tournament.Options{Out: f.out, Resume: f.resume || f.startResume, StartOrResume: f.startResume, StopOnSPRT: f.sprtStop}
	if c.Shard, c.Shards, err = shardOf(f.shard, f.shardCount); err != nil {
		return c, o, err
	}
	if err := checkCSV(f.csv); err != nil {
		return c, o, err
	}
	o.MoreGames = o.Resume && f.moreGames // the default of --games never extends a run
	if o.Out == "" {
		o.Out = c.DefaultOutput(f.command)
	}
	switch {
	case f.sprt != "" && f.format == tournament.SelfPlay:
		return c, o, badInputf("--sprt: selfplay has no pair of different players to test; use tournament --players A,B --sprt %s", f.sprt)
	case f.sprt != "":
		if o.SPRT, err = parseSPRT(f.sprt); err != nil {
			return c, o, err
		}
	case f.sprtStop:
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
	if o.PlayerOptions = oracleOptions(oracle); o.PlayerOptions != nil {
		c.Tablebases, c.TablebaseDir, c.TablebaseFiles = true, dir, sums
	}
	if !f.adjudicate {
		return c, o, nil
	}
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
	return c, o, nil
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

// shardOf reads --shard, or the array-job index from the environment with --shard-count.
func shardOf(shard string, count int) (int, int, error) {
	if shard != "" {
		i, n, err := tournament.ParseShard(shard)
		if err != nil {
			return 0, 0, badInput(err)
		}
		return i, n, nil
	}
	for _, env := range []string{"JOB_COMPLETION_INDEX", "SLURM_ARRAY_TASK_ID"} {
		v := os.Getenv(env)
		i, err := strconv.Atoi(v)
		switch {
		case v == "":
			continue
		case err != nil || i < 0:
			return 0, 0, badInputf("%s=%q: expected a whole number", env, v)
		case count < 1:
			return 0, 0, badInputf("%s is set: give the number of shards with --shard-count", env)
		case i >= count:
			return 0, 0, badInputf("%s=%d: must be below --shard-count %d", env, i, count)
		}
		return i, count, nil
	}
	if count > 0 {
		return 0, 0, badInputf("--shard-count without --shard or an array-job index in the environment")
	}
	return 0, 0, nil
}

func parseSPRT(s string) (*summary.SPRTConfig, error) {
	cfg, err := summary.ParseSPRT(s)
	if err != nil {
		return nil, badInputf("--sprt %q: %v", s, err)
	}
	return cfg, nil
}

// runRun runs a configured tournament, then prints its tables and writes its files.
func runRun(ctx context.Context, s *streams, f *runOptions) error {
	c, o, err := f.config()
	if err != nil {
		return err
	}
	bar := newProgress(s.err)
	o.Progress = func(done, total int) { bar.update(f.label, "games", int64(done), int64(total)) }
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
		err = firstError(err, report.WriteText(s.out, sum))
		fmt.Fprintf(s.err, "fanorona: games in %s/%s, summary in %s/%s\n", o.Out, record.GamesFile, o.Out, record.SummaryFile)
		if f.csv != "" {
			err = firstError(err, writeCSV(s, f.csv, sum))
		}
	}
	if err != nil {
		return err
	}
	paths, err := report.WriteRunFiles(o.Out, f.plots, f.report)
	for _, p := range paths {
		fmt.Fprintf(s.err, "fanorona: wrote %s\n", p)
	}
	return err
}

func firstError(a, b error) error {
	if a != nil {
		return a
	}
	return b
}

func newSelfplayCmd(s *streams, runF func(*runOptions) error) *cobra.Command {
	f := runOptions{command: "selfplay", format: tournament.SelfPlay}
	var player string
	c := &cobra.Command{
		Use:   "selfplay --player SPEC --games N [-o DIR] [--seed S] [--workers N] [--resume] [--openings distinct:K ...] [--max-plies N]",
		Short: "Play one player against itself: first-move advantage (from the start, or on a set the side to move's score) and game lengths",
		Args:  cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			f.players, f.label, f.moreGames = []string{player}, "selfplay "+player, c.Flags().Changed("games")
			if runF != nil {
				return runF(&f)
			}
			return runRun(c.Context(), s, &f)
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

func newTournamentCmd(s *streams, runF func(*runOptions) error) *cobra.Command {
	f := runOptions{command: "tournament", label: "tournament"}
	var list, format string
	c := &cobra.Command{
		Use:   "tournament --players A,B,C --games N [--format round-robin|gauntlet] [-o DIR] [--sprt elo0,elo1 [--sprt-stop]] [--fixed-colours] ...",
		Short: "Play players against each other: standings, ratings, first-move advantage, game lengths",
		Args:  cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			var err error
			if f.players, err = splitSpecs(list); err != nil {
				return err
			}
			if f.format = tournament.Format(format); f.format != tournament.RoundRobin && f.format != tournament.Gauntlet {
				return badInputf("--format %q: expected round-robin or gauntlet", format)
			}
			if f.moreGames = c.Flags().Changed("games"); runF != nil {
				return runF(&f)
			}
			return runRun(c.Context(), s, &f)
		},
	}
	c.Flags().BoolVar(&f.fixedColours, "fixed-colours", false, "no colour swap: in each pairing the first-listed player has White in every game, every game has an opening of its own, games are unpaired (no pentanomial; the SPRT counts single games); recorded in run.json")
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

type statsOptions struct {
	setA, setB   []string // the files, and those after "--" with --compare
	json, replay bool
	sprt, csv    string
	compare      bool
	afterDash    int // cobra's ArgsLenAtDash: -1 without "--"
}

func newStatsCmd(s *streams, runF func(*statsOptions) error) *cobra.Command {
	var o statsOptions
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
			dash := c.ArgsLenAtDash()
			switch {
			case o.compare && dash < 0:
				return badInputf("--compare: give the two sets separated by --, e.g. stats A.jsonl --compare -- B.jsonl")
			case o.compare && (dash == 0 || dash == len(args)):
				return badInputf("--compare: each side of -- needs at least one file")
			case !o.compare && dash >= 0:
				return badInputf("files after --: only --compare takes a second set")
			case o.compare:
				o.setA, o.setB = args[:dash], args[dash:]
			default:
				o.setA = args
			}
			if runF != nil {
				return runF(&o)
			}
			return runStats(s, &o)
		},
	}
	c.Flags().BoolVar(&o.json, "json", false, "print the summary as JSON (the summary.json format)")
	c.Flags().StringVar(&o.csv, "csv", "", "also write the tables as CSV to FILE, a new file (docs/FORMATS.md, \"Tables as CSV\"; the --compare line is not a table)")
	c.Flags().BoolVar(&o.compare, "compare", false, `compare game lengths of the files before "--" with those after it (Kolmogorov–Smirnov)`)
	c.Flags().BoolVar(&o.replay, "replay", false, "replay every game through the engine and stop at the first illegal turn")
	c.Flags().StringVar(&o.sprt, "sprt", "", "sequential test per pair of different players: elo0,elo1[,alpha,beta]")
	return c
}

func runStats(s *streams, o *statsOptions) error {
	if err := checkCSV(o.csv); err != nil {
		return err
	}
	read := summary.ReadOptions{Replay: o.replay, Bad: func(e *record.LineError) { fmt.Fprintf(s.err, "fanorona: warning: skipped %v\n", e) }}
	if o.sprt != "" {
		var err error
		if read.SPRT, err = parseSPRT(o.sprt); err != nil {
			return err
		}
	}
	a, b, err := readSets(s, o.setA, o.setB, read)
	if err != nil {
		return err
	}
	out := summary.Comparison{Summary: a.Summary()}
	if read.SPRT != nil && len(out.Summary.Pairs) == 0 {
		fmt.Fprintf(s.err, "fanorona: warning: --sprt: no games between two different players, so no test\n")
	}
	if o.csv != "" {
		if err := writeCSV(s, o.csv, out.Summary); err != nil {
			return err
		}
	}
	var ks summary.LengthComparison
	if b != nil {
		ks = summary.CompareLengths(a, b)
		out.LengthKS = ks.JSON()
	}
	if o.json {
		enc := json.NewEncoder(s.out)
		enc.SetIndent("", "  ")
		return enc.Encode(out)
	}
	if err := report.WriteText(s.out, out.Summary); err != nil || b == nil {
		return err
	}
	return report.WriteComparison(s.out, o.setA, o.setB, ks)
}

// readSets reads the files of stats (setB: those to compare with, nil when none); a file
// that does not read is bad input.
func readSets(s *streams, setA, setB []string, o summary.ReadOptions) (a, b *summary.Accumulator, err error) {
	a, dups, err := summary.ReadFiles(setA, o)
	if warnDuplicates(s, dups); err != nil {
		return nil, nil, badInput(err)
	}
	if setB == nil {
		return a, nil, nil
	}
	o.SPRT = nil
	b, dups, err = summary.ReadFiles(setB, o)
	if warnDuplicates(s, dups); err != nil {
		return nil, nil, badInput(err)
	}
	return a, b, nil
}

func warnDuplicates(s *streams, n int) {
	if n > 0 {
		fmt.Fprintf(s.err, "fanorona: warning: dropped %d exact duplicate records (same run, game index and content)\n", n)
	}
}

type mergeOptions struct {
	shards []string
	output string
}

func newMergeCmd(s *streams, runF func(*mergeOptions) error) *cobra.Command {
	var o mergeOptions
	c := &cobra.Command{
		Use:   "merge -o DIR SHARD...",
		Short: "Join the games of a run's shards (folders or games.jsonl files) into one run",
		Args:  cobra.MinimumNArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			if o.shards = args; runF != nil {
				return runF(&o)
			}
			return runMerge(s, &o)
		},
	}
	c.Flags().StringVarP(&o.output, "output", "o", "", "folder for the merged games.jsonl, run.json and summary.json")
	c.Flags().StringVar(&o.output, "out", "", "deprecated alias of --output")
	_ = c.Flags().MarkHidden("out")
	return c
}

func runMerge(s *streams, o *mergeOptions) error {
	if o.output == "" {
		return badInputf("--output is required")
	}
	res, err := tournament.Merge(o.shards, o.output, nil)
	if err != nil {
		return err
	}
	warnDuplicates(s, res.Duplicates)
	if res.Config != nil && res.Summary.Games < res.Config.TotalGames() {
		fmt.Fprintf(s.err, "fanorona: merged %d of the run's %d games (shards missing or unfinished)\n", res.Summary.Games, res.Config.TotalGames())
	}
	return report.WriteText(s.out, res.Summary)
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
