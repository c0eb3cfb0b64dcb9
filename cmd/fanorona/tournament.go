// tournament.go: the selfplay, tournament, stats and merge commands, thin over package
// tournament (runs), tournament/summary (statistics of records) and tournament/report
// (their tables).

package main

import (
	"cmp"
	"context"
	"fmt"

	"github.com/fanorona/fanorona/engine/record"
	"github.com/fanorona/fanorona/internal/progress"
	"github.com/fanorona/fanorona/players/uci"
	"github.com/fanorona/fanorona/puzzles/tablebase"
	"github.com/fanorona/fanorona/tournament"
	"github.com/fanorona/fanorona/tournament/report"
	"github.com/fanorona/fanorona/tournament/summary"
	"github.com/spf13/cobra"
)

// runOptions are the options of selfplay and tournament: the run as asked for, and what
// the command adds to it (rules, tables, engines, files after the run).
type runOptions struct {
	req      tournament.Request // Rules are set from rules and maxPlies
	label    string             // the progress bar's
	maxPlies int
	files    report.Outputs // the CSV, charts and page after the run
	rules    rulesFlags
	engines  engineFlags
}

func (f *runOptions) bind(c *cobra.Command) {
	r, fl := &f.req, c.Flags()
	fl.IntVar(&r.Games, "games", 100, "games per pairing of players (played in colour-swapped pairs); raised with --resume, a run plays on to it: with one pairing as a run started with it would have, with more the added games after the old ones (docs/CLI.md)")
	fl.StringVarP(&r.Out, "output", "o", "", "output folder for games.jsonl, run.json and summary.json (default: out/<command>-<seed>)")
	fl.StringVar(&r.Out, "out", "", "deprecated alias of --output")
	fl.StringVar(&r.RunID, "run-id", "", "the run's id, 32 hex digits (default: 128 random bits); every shard of one run needs the same")
	fl.Uint64Var(&r.Seed, "seed", 1, "run seed: every random choice derives from it")
	fl.IntVar(&r.Concurrency, "workers", 0, "games played at once (0 = all cores)")
	fl.IntVar(&r.Concurrency, "concurrency", 0, "deprecated alias of --workers")
	fl.BoolVar(&r.Resume, "resume", false, "continue the run already in --output (refused when the folder holds none)")
	fl.BoolVar(&r.StartOrResume, "start-or-resume", false, "continue the run in --output, or start it when the folder holds none (for scheduled tasks that may be restarted)")
	fl.StringVar(&r.Openings, "openings", "start", "where games start: start, firstmove[:K] (White's first turns in turn; K random plies after them bias White's score), random:K, book:K, distinct:K, even:K (balanced sets after K plies), file:PATH (one FEN a line) or games:PATH[:K] (each game's position after K turns, all without K, of a games.jsonl, run folder or PGN file); on a set White's score is the side to move's, not the first-move advantage (docs/RESULTS.md)")
	fl.IntVar(&f.maxPlies, "max-plies", tournament.DefaultMaxPlies, "stop a game after this many plies (a draw, reason max-plies)")
	fl.StringVar(&r.Shard, "shard", "", "play only shard i/n of the games (0-based; also from JOB_COMPLETION_INDEX or SLURM_ARRAY_TASK_ID with --shard-count)")
	fl.IntVar(&r.ShardCount, "shard-count", 0, "number of shards when the index comes from the environment")
	fl.StringVar(&r.SPRT, "sprt", "", "sequential test per pair of different players (tournament only): elo0,elo1[,alpha,beta] (default alpha=beta=0.05)")
	fl.BoolVar(&r.StopOnSPRT, "sprt-stop", false, "stop the run when every pair's SPRT has decided")
	fl.BoolVar(&f.files.Plots, "plots", false, "also write the charts that apply into the output folder")
	fl.BoolVar(&f.files.Report, "report", false, "also write report.html (tables, charts, settings, warnings in one page) into the output folder")
	fl.StringVar(&f.files.CSV, "csv", "", "also write the tables as CSV to FILE, a new file (docs/FORMATS.md, \"Tables as CSV\")")
	fl.StringVar(&r.Tablebases, "tablebases", "", `tablebase folder for expert's probes ("" = the default cache folder if it exists, "none" = off); run.json records the folder used`)
	fl.BoolVar(&r.Adjudicate, "adjudicate", false, "end each game at the first position the --tablebases tables decide, with their value under the run's rules (reason tablebase); run.json records the pieces covered")
	fl.BoolVar(&r.MoveData, "move-data", false, "keep each mover's search figures (score, depth, nodes, ms) in the records, one entry a turn (move_data)")
	fl.IntVar(&r.ResignMoves, "resign-moves", 0, "a side resigns (reason resign-adjudication) after N turns in a row of its own scoring <= -(--resign-score); 0 = off")
	fl.IntVar(&r.ResignScore, "resign-score", 0, "the resign threshold CP, in hundredths of a piece (mover's view)")
	fl.BoolVar(&r.ResignBoth, "resign-both", false, "resign only when the opponent's own scores were >= +(--resign-score) on as many turns (cutechess twosided)")
	fl.IntVar(&r.DrawAfter, "draw-after", 0, "adjudicate draws only on turns after the game's first M plies")
	fl.IntVar(&r.DrawMoves, "draw-moves", 0, "draw (reason draw-adjudication) once both sides' scores were within ±(--draw-score) on N turns in a row each; 0 = off")
	fl.IntVar(&r.DrawScore, "draw-score", 0, "the draw threshold CP, in hundredths of a piece")
	for _, hidden := range []string{"out", "concurrency"} {
		_ = fl.MarkHidden(hidden)
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
	f.req.Rules = record.RulesFrom(r, f.maxPlies)
	c, o, err := f.req.Options()
	if err != nil {
		return c, o, badInput(err)
	}
	if err := checkCSV(f.files.CSV); err != nil {
		return c, o, err
	}
	ts, err := tablebase.OpenOption(f.req.Tablebases, tablebase.PlayersUse(r.PaikaLimit))
	if err != nil {
		return c, o, err
	}
	return c, o, badInput(f.req.UseTables(&c, &o, ts))
}

// runRun runs a configured tournament, then prints its tables and writes its files.
func runRun(ctx context.Context, s *streams, f *runOptions) error {
	c, o, err := f.config()
	if err != nil {
		return err
	}
	bar := progress.New(s.err)
	o.Progress = func(done, total int) { bar.Update(f.label, "games", int64(done), int64(total)) }
	o.Live = func(p summary.PairStats) { bar.SetScore(report.LiveLine(p)) }
	o.Log = func(format string, args ...any) { fmt.Fprintf(s.err, "fanorona: "+format+"\n", args...) }
	inv := record.NewInvocation(commandLine(ctx))
	o.Invocation = &inv
	// Declared, none started and no file touched: the run starts them once its own checks
	// pass and it holds the folder's lock, so that a refused run leaves no engine log.
	engines, err := uci.DeclareAll(f.engines.file, f.engines.decl, o.Out, nil)
	if err != nil {
		return err
	}
	if engines != nil {
		defer engines.Close()
		o.StartEngines = engines.Start
	}
	sum, err := tournament.Run(ctx, c, o)
	bar.Finish()
	if sum != nil {
		werr := report.WriteText(s.out, sum)
		fmt.Fprintf(s.err, "fanorona: games in %s/%s, summary in %s/%s\n", o.Out, record.GamesFile, o.Out, record.SummaryFile)
		err = cmp.Or(err, werr)
	}
	return cmp.Or(err, f.files.Write(o.Out, sum, err == nil, wrote(s)))
}

func newSelfplayCmd(s *streams, runF func(*runOptions) error) *cobra.Command {
	f := runOptions{req: tournament.Request{Command: "selfplay", Config: tournament.Config{Format: tournament.SelfPlay}}}
	var player string
	c := &cobra.Command{
		Use:  "selfplay --player SPEC --games N [-o DIR] [--seed S] [--workers N] [--resume] [--openings distinct:K ...] [--max-plies N]",
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			f.req.Players, f.label, f.req.MoreGames = []string{player}, "selfplay "+player, c.Flags().Changed("games")
			return seam(runF, &f, func() error { return runRun(c.Context(), s, &f) })
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
	f := runOptions{req: tournament.Request{Command: "tournament"}, label: "tournament"}
	var list string
	c := &cobra.Command{
		Use:  "tournament --players A,B,C --games N [--format round-robin|gauntlet] [-o DIR] [--sprt elo0,elo1 [--sprt-stop]] [--fixed-colours] ...",
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			var err error
			if f.req.Players, err = tournament.SplitSpecs(list); err != nil {
				return badInput(err)
			}
			f.req.MoreGames = c.Flags().Changed("games")
			return seam(runF, &f, func() error { return runRun(c.Context(), s, &f) })
		},
	}
	c.Flags().BoolVar(&f.req.FixedColours, "fixed-colours", false, "no colour swap: in each pairing the first-listed player has White in every game, every game has an opening of its own, games are unpaired (no pentanomial; the SPRT counts single games); recorded in run.json")
	c.Flags().StringVar(&list, "players", "random,greedy,easy,medium", "comma-separated player specs; a spec's options follow ':' (expert:depth=4,nodes=100000,greedy is two players)")
	c.Flags().StringVar((*string)(&f.req.Format), "format", string(tournament.RoundRobin), "round-robin or gauntlet (the first player against each other one)")
	f.bind(c)
	return c
}

type statsOptions struct {
	setA, setB   []string // the files, and those after "--" with --compare
	json, replay bool
	sprt, csv    string
	compare      bool
	detect       float64 // --detect, with --power
	power        float64
}

func newStatsCmd(s *streams, runF func(*statsOptions) error) *cobra.Command {
	var o statsOptions
	c := &cobra.Command{
		Use:  "stats FILE... [--json] [--csv FILE] [--sprt elo0,elo1] [--replay] [--compare FILE... -- FILE...]",
		Args: cobra.MinimumNArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			var err error
			if o.setA, o.setB, err = tournament.SplitSets(args, c.ArgsLenAtDash(), o.compare); err != nil {
				return badInput(err)
			}
			return seam(runF, &o, func() error { return runStats(s, &o) })
		},
	}
	c.Flags().BoolVar(&o.json, "json", false, "print the summary as JSON (the summary.json format)")
	c.Flags().StringVar(&o.csv, "csv", "", "also write the tables as CSV to FILE, a new file (docs/FORMATS.md, \"Tables as CSV\"; the --compare line is not a table)")
	c.Flags().BoolVar(&o.compare, "compare", false, `compare game lengths of the files before "--" with those after it (Kolmogorov–Smirnov)`)
	c.Flags().BoolVar(&o.replay, "replay", false, "replay every game through the engine and stop at the first illegal turn")
	c.Flags().StringVar(&o.sprt, "sprt", "", "sequential test per pair of different players: elo0,elo1[,alpha,beta]")
	c.Flags().Float64Var(&o.detect, "detect", 0, "size a run: the games a two-sided test of a score against 0.5 needs to detect 0.5+EDGE (0.02: a score of 0.52) at these games' draw rate, and the power these games had")
	c.Flags().Float64Var(&o.power, "power", 0, "with --detect: the power wanted (default 0.8)")
	return c
}

func runStats(s *streams, o *statsOptions) error {
	if err := checkCSV(o.csv); err != nil {
		return err
	}
	sprt, err := tournament.ParseSPRT(o.sprt)
	if err != nil {
		return badInput(err)
	}
	req := summary.StatsRequest{Set: o.setA, Compare: o.setB, Duplicates: func(n int) { warnDuplicates(s, n) }, Detect: o.detect, DetectPower: o.power,
		ReadOptions: summary.ReadOptions{Replay: o.replay, SPRT: sprt, Bad: warnSkipped(s)}}
	if err := req.CheckDetect(); err != nil {
		return badInput(err)
	}
	res, err := summary.Stats(req)
	if err != nil {
		return badInput(err)
	}
	if sprt != nil && len(res.Summary.Pairs) == 0 {
		fmt.Fprintf(s.err, "fanorona: warning: --sprt: no games between two different players, so no test\n")
	}
	if err := (report.Outputs{CSV: o.csv}).Write("", res.Summary, false, wrote(s)); err != nil {
		return err
	}
	return report.WriteStats(s.out, res, o.setA, o.setB, o.json)
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
		Use:  "merge -o DIR SHARD...",
		Args: cobra.MinimumNArgs(1),
		RunE: runs(s, runF, &o, &o.shards, runMerge),
	}
	c.Flags().StringVarP(&o.output, "output", "o", "", "folder for the merged games.jsonl, run.json and summary.json")
	c.Flags().StringVar(&o.output, "out", "", "deprecated alias of --output")
	_ = c.Flags().MarkHidden("out")
	return c
}

func runMerge(_ context.Context, s *streams, o *mergeOptions) error {
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

// checkCSV checks, before any work, that --csv names a new file ("" = no CSV).
func checkCSV(path string) error {
	return checkNew("--csv", path, "tables are never written over a file")
}

// wrote says on stderr that a file was written.
func wrote(s *streams) func(path string) {
	return func(path string) { fmt.Fprintf(s.err, "fanorona: wrote %s\n", path) }
}
