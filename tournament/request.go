// request.go: a run as a command asks for it (Request): its settings as given, checked
// and turned into the run's Config and Options; the shard from a setting or an array
// job's index; a list of player specs split; the sets of a statistics request.

package tournament

import (
	"os"
	"strconv"
	"strings"

	"github.com/fanorona/fanorona/players"
	"github.com/fanorona/fanorona/puzzles/tablebase"
	"github.com/fanorona/fanorona/tournament/summary"
)

// Request is a run as asked for: Config without its shard, and the settings that become
// the shard and the Options. Options returns them checked.
type Request struct {
	Config                         // the run; Shard and Shards are set from Shard and ShardCount
	Command    string              // selfplay or tournament: names the default output folder
	Out        string              // output folder ("" = DefaultOutput)
	Shard      string              // "i/n", or "" for an array job's index (ArrayIndexVars) with ShardCount
	ShardCount int                 // the number of shards when the index comes from the environment
	Getenv     func(string) string // the environment (nil: os.Getenv)
	// Resume, StartOrResume and MoreGames are Options'; MoreGames only with a resume.
	Resume, StartOrResume, MoreGames bool
	SPRT                             string // "elo0,elo1[,alpha,beta]", or "" for none
	StopOnSPRT                       bool
	// Tablebases is the tables' folder as given ("" = the default cache folder if it
	// exists, "none" = off); UseTables takes the folder it names, opened.
	Tablebases string
	Adjudicate bool // end each game at the first position the tables decide (UseTables)
}

// ArrayIndexVars are the environment variables an array job's index is read from, in
// order (Kubernetes indexed jobs, Slurm arrays).
var ArrayIndexVars = []string{"JOB_COMPLETION_INDEX", "SLURM_ARRAY_TASK_ID"}

// Options checks the request's format, shard, test and run id, and returns the run's
// Config and Options (without the players' options, the adjudicator and the callbacks,
// which are the caller's). The other settings Run checks (NewPlan). Errors are
// *SettingError.
func (r Request) Options() (Config, Options, error) {
	c := r.Config
	o := Options{Out: r.Out, Resume: r.Resume || r.StartOrResume, StartOrResume: r.StartOrResume, StopOnSPRT: r.StopOnSPRT}
	if err := c.checkFormat(); err != nil {
		return c, o, err
	}
	getenv := r.Getenv
	if getenv == nil {
		getenv = os.Getenv
	}
	var err error
	if c.Shard, c.Shards, err = ParseShardEnv(r.Shard, r.ShardCount, getenv); err != nil {
		return c, o, err
	}
	o.MoreGames = o.Resume && r.MoreGames // the default of --games never extends a run
	if o.Out == "" {
		o.Out = c.DefaultOutput(r.Command)
	}
	switch {
	case r.SPRT != "" && c.Format == SelfPlay:
		return c, o, settingErrorf("%v: selfplay has no pair of different players to test; use tournament %v A,B %v %s", SettingSPRT, SettingPlayers, SettingSPRT, r.SPRT)
	case r.SPRT != "":
		if o.SPRT, err = ParseSPRT(r.SPRT); err != nil {
			return c, o, err
		}
	case r.StopOnSPRT:
		return c, o, settingErrorf("%v needs %v elo0,elo1", SettingSPRTStop, SettingSPRT)
	}
	if err := c.ScoreAdjudication.check(); err != nil {
		return c, o, err
	}
	return c, o, c.checkRunID()
}

// SplitSets splits the record files of a statistics request: with compare, the files
// before the separator "--" (at: their number, -1 without it) and the files after it, each
// side at least one; without compare, all of them (no separator allowed). Errors are
// *SettingError.
func SplitSets(files []string, at int, compare bool) (set, other []string, err error) {
	switch {
	case compare && at < 0:
		return nil, nil, settingErrorf("%v: give the two sets separated by --, e.g. stats A.jsonl %v -- B.jsonl", SettingCompare, SettingCompare)
	case compare && (at == 0 || at == len(files)):
		return nil, nil, settingErrorf("%v: each side of -- needs at least one file", SettingCompare)
	case !compare && at >= 0:
		return nil, nil, settingErrorf("files after --: only %v takes a second set", SettingCompare)
	case compare:
		return files[:at], files[at:], nil
	}
	return files, nil, nil
}

// ParseSPRT reads a sequential test's setting (summary.ParseSPRT); "" is none (nil).
// Errors are *SettingError.
func ParseSPRT(s string) (*summary.SPRTConfig, error) {
	if s == "" {
		return nil, nil
	}
	cfg, err := summary.ParseSPRT(s)
	if err != nil {
		return nil, settingErrorf("%v %q: %v", SettingSPRT, s, err)
	}
	return cfg, nil
}

// UseTables gives the run c, o the tables ts, the folder of r.Tablebases opened for the
// players under the run's rules (tablebase.OpenFolder): the players' oracle, recorded in
// c, and with Adjudicate the adjudicator of the same tables. A folder named but without
// tables, or Adjudicate without a folder, is an error (*SettingError, or the adjudicator's
// *MissingTablesError).
func (r Request) UseTables(c *Config, o *Options, ts tablebase.Setup) error {
	switch {
	case ts.Oracle == nil && ts.Dir != "" && r.Tablebases != "":
		return settingErrorf("%v %s: no tablebase built there (fanorona tablebase build)", SettingTablebases, ts.Dir)
	case ts.Oracle != nil:
		o.PlayerOptions = []players.Option{players.WithOracle(ts.Oracle)}
		c.Tablebases, c.TablebaseDir, c.TablebaseFiles = true, ts.Dir, ts.Files
	}
	if !r.Adjudicate {
		return nil
	}
	if ts.Dir == "" {
		return settingErrorf("%v needs tables: give %v DIR (build them with: fanorona tablebase build --max-pieces 5 --tablebases DIR, about 10 s)",
			SettingAdjudicate, SettingTablebases)
	}
	set := ts.Set
	if ts.Oracle != nil {
		set = ts.Oracle.Set() // the players' tables, not a second copy
	}
	var err error
	o.Adjudicator, err = NewAdjudicator(set, c.Rules.PaikaLimit)
	return err
}

// ParseShardEnv reads the shard of a process: shard ("i/n", ParseShard) when given, else
// an array job's index from the environment (ArrayIndexVars, read by getenv) out of count
// shards; 0 of 0 (the whole run) when neither is given. Errors are *SettingError.
func ParseShardEnv(shard string, count int, getenv func(string) string) (int, int, error) {
	if shard != "" {
		return ParseShard(shard)
	}
	for _, env := range ArrayIndexVars {
		v := getenv(env)
		i, err := strconv.Atoi(v)
		switch {
		case v == "":
			continue
		case err != nil || i < 0:
			return 0, 0, settingErrorf("%s=%q: expected a whole number", env, v)
		case count < 1:
			return 0, 0, settingErrorf("%s is set: give the number of shards with %v", env, SettingShardCount)
		case i >= count:
			return 0, 0, settingErrorf("%s=%d: must be below %v %d", env, i, SettingShardCount, count)
		}
		return i, count, nil
	}
	if count > 0 {
		return 0, 0, settingErrorf("%v without %v or an array-job index in the environment", SettingShardCount, SettingShard)
	}
	return 0, 0, nil
}

// SplitSpecs splits a comma-separated list of player specs. A piece of the form key=value
// without a name belongs to the spec before it, so options may contain commas too. An
// empty piece ("medium,,easy", a trailing comma) is an error (*SettingError): a player
// left out by a typo would change the run without a word.
func SplitSpecs(list string) ([]string, error) {
	var specs []string
	for i, p := range strings.Split(list, ",") {
		p = strings.TrimSpace(p)
		switch {
		case p == "":
			return nil, settingErrorf("%v %q: item %d is empty", SettingPlayers, list, i+1)
		case strings.Contains(p, "=") && !strings.Contains(p, ":") && len(specs) > 0:
			specs[len(specs)-1] += "," + p
		default:
			specs = append(specs, p)
		}
	}
	return specs, nil
}
