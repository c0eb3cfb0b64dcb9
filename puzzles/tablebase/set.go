// set.go: a directory of built classes, loaded on first use, and probing positions in it.

package tablebase

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/fanorona/fanorona/engine"
)

// ErrNotBuilt is wrapped when a position's class has no file in the directory.
var ErrNotBuilt = errors.New("class not built")

// maxSide bounds the pieces of one side in the lookup arrays.
const maxSide = engine.MaxPiecesPerSide

// Set is a directory of tablebase files. Tables load on first use and stay in memory;
// a Set is safe for concurrent use.
type Set struct {
	dir    string
	mu     sync.Mutex
	tables [maxSide + 1][maxSide + 1]*Table
	failed map[Class]error
}

// Open returns the set of tables in dir. Nothing is read until a class is needed.
func Open(dir string) *Set { return &Set{dir: dir, failed: map[Class]error{}} }

// Dir returns the directory.
func (s *Set) Dir() string { return s.dir }

// Table returns a class's table, loading and checking its file on first use. A class
// without a file gives an error wrapping ErrNotBuilt; a damaged file, ErrDamaged.
func (s *Set) Table(c Class) (*Table, error) {
	if err := c.check(); err != nil {
		return nil, err
	}
	if c.Own > maxSide || c.Enemy > maxSide {
		return nil, fmt.Errorf("tablebase: class %v: more than %d pieces a side", c, maxSide)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if t := s.tables[c.Own][c.Enemy]; t != nil {
		return t, nil
	}
	if err := s.failed[c]; err != nil {
		return nil, err
	}
	t, err := LoadTable(s.dir, c)
	if errors.Is(err, fs.ErrNotExist) {
		err = fmt.Errorf("tablebase: %v in %s: %w", c, s.dir, ErrNotBuilt)
	}
	if err != nil {
		s.failed[c] = err
		return nil, err
	}
	s.tables[c.Own][c.Enemy] = t
	return t, nil
}

// add makes a freshly built table available without reading it back.
func (s *Set) add(t *Table) {
	s.mu.Lock()
	defer s.mu.Unlock()
	c := t.Class()
	s.tables[c.Own][c.Enemy] = t
	delete(s.failed, c)
}

// Has reports whether the class's file exists (its header is not checked).
func (s *Set) Has(c Class) bool {
	if c.check() != nil {
		return false
	}
	s.mu.Lock()
	loaded := s.tables[c.Own][c.Enemy] != nil
	s.mu.Unlock()
	if loaded {
		return true
	}
	_, err := os.Stat(filepath.Join(s.dir, FileName(c)))
	return err == nil
}

// Classes lists the classes with a file in the directory, by pieces then class.
func (s *Set) Classes() ([]Class, error) {
	entries, err := os.ReadDir(s.dir)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, nil
		}
		return nil, fmt.Errorf("tablebase: %w", err)
	}
	var cs []Class
	for _, e := range entries {
		name, ok := strings.CutSuffix(e.Name(), fileSuffix)
		if !ok || e.IsDir() {
			continue
		}
		if c, err := ParseClass(name); err == nil {
			cs = append(cs, c)
		}
	}
	sortClasses(cs)
	return cs, nil
}

func sortClasses(cs []Class) {
	sort.Slice(cs, func(i, j int) bool {
		a, b := cs[i], cs[j]
		if a.Pieces() != b.Pieces() {
			return a.Pieces() < b.Pieces()
		}
		if max(a.Own, a.Enemy) != max(b.Own, b.Enemy) {
			return max(a.Own, a.Enemy) < max(b.Own, b.Enemy)
		}
		return a.Own > b.Own
	})
}

// ClassOf returns the class of a position; ok is false when a side has no pieces.
func ClassOf(p *engine.Position) (Class, bool) {
	c := Class{p.Own().Count(), p.Enemy().Count()}
	return c, c.Own > 0 && c.Enemy > 0
}

// Probe returns the value of p for its side to move (its paika and ply counters are
// ignored). A side to move without pieces has lost in 0. A position whose side not to move
// has no pieces is no game position and gives an error, as does a class not built.
func (s *Set) Probe(p *engine.Position) (Value, error) {
	own, enemy := p.Own(), p.Enemy()
	if own == 0 {
		return Value{Loss, 0}, nil
	}
	if enemy == 0 {
		return Value{}, fmt.Errorf("tablebase: %s: the side not to move has no pieces; the game ended before this position", p.BoardFEN())
	}
	t, err := s.Table(Class{own.Count(), enemy.Count()})
	if err != nil {
		return Value{}, err
	}
	return decode(t.lookup(own, enemy)), nil
}

// BestTurns returns the value of p and every legal turn that keeps it: for a win, the
// turns that win as fast; for a draw, the turns that hold the draw; for a loss, the turns
// that lose as slowly. Turns producing the same board are listed once.
func (s *Set) BestTurns(p *engine.Position) (Value, []engine.Turn, error) {
	v, err := s.Probe(p)
	if err != nil {
		return Value{}, nil, err
	}
	var seen engine.ResultSet
	var best []engine.Turn
	for _, t := range p.DistinctTurns(engine.TheoreticRules(), nil, &seen) {
		q := p.Play(t)
		cv, err := s.Probe(&q)
		if err != nil {
			return Value{}, nil, err
		}
		if cv.Parent() == v {
			best = append(best, t)
		}
	}
	return v, best, nil
}

// BestLine follows best turns from p to the end of the game (or for at most maxPlies
// plies in a draw), taking the first best turn each time, and returns the turns with the
// value of every position along the line, p first.
func (s *Set) BestLine(p engine.Position, maxPlies int) ([]engine.Turn, []Value, error) {
	var line []engine.Turn
	var values []Value
	for len(line) <= maxPlies {
		v, best, err := s.BestTurns(&p)
		if err != nil {
			return nil, nil, err
		}
		values = append(values, v)
		if len(best) == 0 || len(line) == maxPlies {
			break
		}
		line = append(line, best[0])
		p = p.Play(best[0])
	}
	return line, values, nil
}

// DefaultDir is where tablebases live unless told otherwise: a folder in the user's cache
// directory (e.g. ~/.cache/fanorona/tablebases on Linux), so that every command and
// player finds a build without flags.
func DefaultDir() string {
	if d, err := os.UserCacheDir(); err == nil {
		return filepath.Join(d, "fanorona", "tablebases")
	}
	return filepath.Join(os.TempDir(), "fanorona-tablebases")
}
