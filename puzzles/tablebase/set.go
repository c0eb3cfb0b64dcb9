// set.go: a directory of built classes, loaded on first use, and probing positions in it.

package tablebase

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/fanorona/fanorona/engine"
)

// ErrNotBuilt is wrapped when a position's class has no file in the directory.
var ErrNotBuilt error = refusal("class not built")

// maxSide bounds the pieces of one side in the lookup arrays.
const maxSide = engine.MaxPiecesPerSide

// Rule is the rule a table's values hold under: the zero Rule (Theoretic) for the
// theoretic values (no paika limit, distances to the end of the game), a paika limit L
// (1 to MaxPaikaLimit) for the rule-aware values (at the position's paika counter,
// distances to the turn that decides the game under the limit).
type Rule struct {
	PaikaLimit int
}

// Theoretic is the rule of the theoretic values: no paika limit.
var Theoretic = Rule{}

// PaikaRule returns the rule of paika limit limit (0: Theoretic).
func PaikaRule(limit int) Rule { return Rule{PaikaLimit: limit} }

// RuleOf returns the tables' rule for games under r: its paika limit. Whether tables can
// answer under r at all is CheckRules'.
func RuleOf(r engine.Rules) Rule { return Rule{PaikaLimit: r.PaikaLimit} }

// IsTheoretic reports whether r is the theoretic rule (no paika limit).
func (r Rule) IsTheoretic() bool { return r.PaikaLimit == 0 }

// String returns "theoretic" or "paika limit 50".
func (r Rule) String() string {
	if r.PaikaLimit == 0 {
		return "theoretic"
	}
	return fmt.Sprintf("paika limit %d", r.PaikaLimit)
}

// check refuses paika limits a table cannot hold.
func (r Rule) check() error { return checkLimit(r.PaikaLimit) }

// TableID names one file of a directory: a class and the rule of its values.
type TableID struct {
	Class Class
	Rule  Rule
}

// String returns "3v5" or "3v5 (paika limit 50)".
func (id TableID) String() string {
	if id.Rule.IsTheoretic() {
		return id.Class.String()
	}
	return fmt.Sprintf("%v (%v)", id.Class, id.Rule)
}

// CacheBlocks is how many decompressed blocks a Set keeps for probes (8 MiB).
const CacheBlocks = 256

// Set is a directory of tablebase files. Probes read one compressed block of a file at a
// time and keep the last CacheBlocks blocks; tables that builds and verification need
// whole load on first use and stay in memory. A Set is safe for concurrent use.
//
// No probe that finds its answer in memory waits for a disk read: a table held whole is
// read without a lock; a block kept in the cache under the cache's own short lock, which
// no read or decompression holds. Opening a file or loading a table whole is serialised
// by loadMu, which only probes of tables not yet opened take.
type Set struct {
	dir string
	// tables holds the tables whole in memory, copied on write under mu: a probe of one
	// reads it without a lock.
	tables atomic.Pointer[map[TableID]*Table]
	// loadMu serialises opening files and loading tables whole (held across the reads).
	loadMu sync.Mutex
	// ioMu: block reads hold it shared, Close exclusively, so that no read meets a file
	// Close has closed.
	ioMu   sync.RWMutex
	mu     sync.Mutex // guards what follows, and the writing of tables; never held across I/O
	files  map[TableID]*tableFile
	failed map[TableID]error
	cache  *blockCache
	// wholeSlots: probes load tables of at most this many slots whole (0: none).
	wholeSlots uint64
	sumsMu     sync.Mutex // guards sums, apart from mu: hashing a file blocks no probe
	sums       map[TableID]string
}

// LoadWhole makes probes load every table of at most slots slots whole into memory on
// first use (one byte a slot) instead of reading it block by block: lookups then cost no
// decompression. Searches that probe at every node want the small tables so.
func (s *Set) LoadWhole(slots uint64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.wholeSlots = slots
}

// KeepBlocks makes probes keep the last n decompressed blocks (64 KiB each) instead of
// CacheBlocks, dropping those kept so far. A search probing tables read block by block
// comes back to the same blocks across its iterations.
func (s *Set) KeepBlocks(n int) { s.cache.reset(max(1, n)) }

// Open returns the set of tables in dir. Nothing is read until a class is needed.
func Open(dir string) *Set {
	s := &Set{dir: dir, files: map[TableID]*tableFile{}, failed: map[TableID]error{},
		cache: newBlockCache(CacheBlocks), sums: map[TableID]string{}}
	s.tables.Store(&map[TableID]*Table{})
	return s
}

// whole returns the table id when it is held whole in memory, without a lock.
func (s *Set) whole(id TableID) *Table { return (*s.tables.Load())[id] }

// keepLocked adds t to the tables held whole (s.mu held): a new map, so that readers of
// the old one are never disturbed.
func (s *Set) keepLocked(id TableID, t *Table) {
	old := *s.tables.Load()
	m := make(map[TableID]*Table, len(old)+1)
	for k, v := range old {
		m[k] = v
	}
	m[id] = t
	s.tables.Store(&m)
}

// release drops the table id held whole and frees its memory at once. Only Build calls
// it, on the Set of its own that nothing else reads, once no later material needs id.
func (s *Set) release(id TableID) {
	s.mu.Lock()
	defer s.mu.Unlock()
	old := *s.tables.Load()
	t := old[id]
	if t == nil {
		return
	}
	m := make(map[TableID]*Table, len(old))
	for k, v := range old {
		if k != id {
			m[k] = v
		}
	}
	s.tables.Store(&m)
	t.free()
}

// releaseAll releases every table held whole.
func (s *Set) releaseAll() {
	for id := range *s.tables.Load() {
		s.release(id)
	}
}

// Dir returns the directory.
func (s *Set) Dir() string { return s.dir }

// Close closes the files opened for probes.
func (s *Set) Close() error {
	s.loadMu.Lock()
	defer s.loadMu.Unlock()
	s.ioMu.Lock()
	defer s.ioMu.Unlock()
	s.mu.Lock()
	defer s.mu.Unlock()
	for id, tf := range s.files {
		tf.f.Close()
		delete(s.files, id)
	}
	s.cache.reset(s.cache.size()) // empty, at the capacity KeepBlocks set
	return nil
}

func (s *Set) checkID(id TableID) error {
	if err := id.Class.check(); err != nil {
		return err
	}
	if id.Class.Own > maxSide || id.Class.Enemy > maxSide {
		return fmt.Errorf("tablebase: class %v: more than %d pieces a side", id.Class, maxSide)
	}
	return id.Rule.check()
}

// checkLimit refuses paika limits a table cannot hold.
func checkLimit(limit int) error {
	if limit < 0 || limit > MaxPaikaLimit {
		return fmt.Errorf("tablebase: paika limit %d: tables hold limits 1 to %d (0 = no limit)", limit, MaxPaikaLimit)
	}
	return nil
}

// notBuilt turns a missing file into ErrNotBuilt.
func (s *Set) notBuilt(id TableID, err error) error {
	if errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("tablebase: %v in %s: %w", id, s.dir, ErrNotBuilt)
	}
	return err
}

// Table returns a class's table of rule r, whole in memory, loading and checking its file
// on first use. A class without a file gives an error wrapping ErrNotBuilt; a damaged
// file, ErrDamaged.
func (s *Set) Table(c Class, r Rule) (*Table, error) {
	id := TableID{c, r}
	if err := s.checkID(id); err != nil {
		return nil, err
	}
	if t := s.whole(id); t != nil {
		return t, nil
	}
	s.loadMu.Lock()
	defer s.loadMu.Unlock()
	if t := s.whole(id); t != nil { // loaded while this call waited
		return t, nil
	}
	if err := s.failedErr(id); err != nil {
		return nil, err
	}
	t, err := LoadTable(s.dir, c, r) // no lock that probes of memory take
	s.mu.Lock()
	defer s.mu.Unlock()
	if err != nil {
		err = s.notBuilt(id, err)
		s.failed[id] = err
		return nil, err
	}
	s.keepLocked(id, t)
	return t, nil
}

// failedErr returns the error that refused table id before, if any.
func (s *Set) failedErr(id TableID) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.failed[id]
}

// add makes a freshly built table available without reading it back.
func (s *Set) add(t *Table) {
	s.mu.Lock()
	defer s.mu.Unlock()
	id := TableID{t.Class(), t.Rule()}
	s.keepLocked(id, t)
	delete(s.failed, id)
}

// code returns the stored byte of own to move against enemy in the table id: from the
// whole table when it is loaded, else from the file's block (cached).
func (s *Set) code(id TableID, own, enemy engine.Bitboard) (byte, error) {
	if err := s.checkID(id); err != nil {
		return 0, err
	}
	if t := s.whole(id); t != nil {
		return t.lookup(own, enemy), nil
	}
	s.mu.Lock()
	tf, err := s.files[id], s.failed[id]
	s.mu.Unlock()
	if err != nil {
		return 0, err
	}
	if tf == nil {
		t, opened, err := s.openForProbes(id)
		if err != nil {
			return 0, err
		}
		if t != nil {
			return t.lookup(own, enemy), nil
		}
		tf = opened
	}
	slot := tf.ix.index(own, enemy)
	block := slot / tf.perBlock
	if b, ok := s.cache.value(tf, block, slot-block*tf.perBlock); ok {
		return b, nil
	}
	// A miss: read and decompress without any lock that probes of memory take, then
	// keep the block.
	data := s.cache.spare(tf.blockLen(block))
	scratch := compressedBufs.Get().(*[]byte)
	s.ioMu.RLock()
	*scratch, err = tf.readBlock(block, data, *scratch)
	s.ioMu.RUnlock()
	compressedBufs.Put(scratch)
	if err != nil {
		return 0, err
	}
	b := data[slot-block*tf.perBlock]
	s.cache.insert(tf, block, data)
	return b, nil
}

// openForProbes opens table id for probes on its first use: whole into memory when the
// Set loads tables of its size whole (t), else its file for block reads (tf). A file that
// is missing or damaged is remembered as failed.
func (s *Set) openForProbes(id TableID) (t *Table, tf *tableFile, err error) {
	s.loadMu.Lock()
	defer s.loadMu.Unlock()
	if t := s.whole(id); t != nil {
		return t, nil, nil
	}
	s.mu.Lock()
	tf, err, wholeSlots := s.files[id], s.failed[id], s.wholeSlots
	s.mu.Unlock()
	if err != nil || tf != nil { // opened, or refused, while this probe waited
		return nil, tf, err
	}
	if wholeSlots > 0 {
		if info, err := ReadInfo(s.dir, id.Class, id.Rule); err == nil && info.Slots <= wholeSlots {
			t, err := LoadTable(s.dir, id.Class, id.Rule)
			s.mu.Lock()
			defer s.mu.Unlock()
			if err != nil {
				s.failed[id] = err
				return nil, nil, err
			}
			s.keepLocked(id, t)
			return t, nil, nil
		}
	}
	tf, err = openTableFile(filepath.Join(s.dir, FileName(id.Class, id.Rule)), id.Class, id.Rule.PaikaLimit)
	s.mu.Lock()
	defer s.mu.Unlock()
	if err != nil {
		err = s.notBuilt(id, err)
		s.failed[id] = err
		return nil, nil, err
	}
	s.files[id] = tf
	return nil, tf, nil
}

// Has reports whether the class's file of rule r exists (its header is not checked).
func (s *Set) Has(c Class, r Rule) bool {
	id := TableID{c, r}
	if s.checkID(id) != nil {
		return false
	}
	s.mu.Lock()
	loaded := s.whole(id) != nil || s.files[id] != nil
	s.mu.Unlock()
	if loaded {
		return true
	}
	_, err := os.Stat(filepath.Join(s.dir, FileName(c, r)))
	return err == nil
}

// Classes lists the classes with a file of rule r in the directory, by pieces then class.
func (s *Set) Classes(r Rule) ([]Class, error) {
	ids, err := s.Tables()
	var cs []Class
	for _, id := range ids {
		if id.Rule == r {
			cs = append(cs, id.Class)
		}
	}
	return cs, err
}

// Tables lists every table file of the directory: theoretic first, then by paika limit,
// each by pieces then class. A missing directory holds none.
func (s *Set) Tables() ([]TableID, error) {
	entries, err := os.ReadDir(s.dir)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, nil
		}
		return nil, fmt.Errorf("tablebase: %w", err)
	}
	byLimit := map[int][]Class{}
	for _, e := range entries {
		name, ok := strings.CutSuffix(e.Name(), fileSuffix)
		if !ok || e.IsDir() {
			continue
		}
		limit := 0
		if cls, lim, ok := strings.Cut(name, ".p"); ok {
			l, err := strconv.Atoi(lim)
			if err != nil || l < 1 || strconv.Itoa(l) != lim {
				continue
			}
			name, limit = cls, l
		}
		if c, err := ParseClass(name); err == nil {
			byLimit[limit] = append(byLimit[limit], c)
		}
	}
	var limits []int
	for l := range byLimit {
		limits = append(limits, l)
	}
	sort.Ints(limits)
	var ids []TableID
	for _, l := range limits {
		cs := byLimit[l]
		sortClasses(cs)
		for _, c := range cs {
			ids = append(ids, TableID{c, Rule{l}})
		}
	}
	return ids, nil
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

// Probe returns the value of p for its side to move under rule r. Theoretic: the
// game-theoretic value, p's paika and ply counters ignored. Under a paika limit: the
// value at p's paika counter, win or loss with the plies to the turn that decides it (the
// winner's fastest way to a winning capture, the loser's slowest), or a draw when the
// rule draws it first; a counter above the limit is refused. A side to move without
// pieces has lost in 0. A position whose side not to move has no pieces is no game
// position and gives an error, as does a class not built.
func (s *Set) Probe(p *engine.Position, r Rule) (Value, error) {
	if r.IsTheoretic() {
		return s.probe(p, 0)
	}
	if err := r.check(); err != nil {
		return Value{}, err
	}
	limit := r.PaikaLimit
	if p.Paika < 0 || p.Paika > limit {
		return Value{}, fmt.Errorf("tablebase: %s: paika counter %d is above the limit %d (the game was drawn when it reached %d)", p.FEN(), p.Paika, limit, limit)
	}
	v, err := s.probe(p, limit)
	return v.AtCounter(limit, p.Paika), err
}

// probe returns the stored value of p's board in the table of the rule limit.
func (s *Set) probe(p *engine.Position, limit int) (Value, error) {
	own, enemy := p.Own(), p.Enemy()
	if own == 0 {
		return Value{Loss, 0}, nil
	}
	if enemy == 0 {
		return Value{}, fmt.Errorf("tablebase: %s: the side not to move has no pieces; the game ended before this position", p.BoardFEN())
	}
	b, err := s.code(TableID{Class{own.Count(), enemy.Count()}, Rule{limit}}, own, enemy)
	if err != nil {
		return Value{}, err
	}
	return decodeAs(limit, b), nil
}

// BestTurns returns the value of p under rule r (Probe's) and the distance-best turns, the
// legal turns that keep it at its distance: for a win, the turns that win as fast (under a
// paika limit: that reach the winning capture as fast), not those that win more slowly;
// for a draw, every turn that holds the draw; for a loss, the turns that lose as slowly
// (under a limit: that delay the deciding capture longest). Turns producing the same board
// are listed once.
func (s *Set) BestTurns(p *engine.Position, r Rule) (Value, []engine.Turn, error) {
	limit := r.PaikaLimit
	probe := func(q *engine.Position) (Value, error) { return s.Probe(q, r) }
	v, err := probe(p)
	if err != nil {
		return Value{}, nil, err
	}
	if limit > 0 && p.Paika >= limit {
		return v, nil, nil // the game is over: drawn by the limit (or lost without a turn)
	}
	var seen engine.ResultSet
	var best []engine.Turn
	for _, t := range p.DistinctTurns(engine.TheoreticRules(), nil, &seen) {
		q := p.Play(t)
		if limit > 0 && q.Paika > limit {
			continue // cannot happen from a position under the limit; kept for safety
		}
		cv, err := probe(&q)
		if err != nil {
			return Value{}, nil, err
		}
		parent := cv.Parent()
		if limit > 0 {
			parent = cv.RuleParent(t.Captured != 0, limit, p.Paika)
		}
		if parent == v {
			best = append(best, t)
		}
	}
	return v, best, nil
}

// BestLine follows best turns under rule r from p to the end of the game (or for at most
// maxPlies plies in a draw), taking the first best turn each time, the paika counter
// carried along the line, and returns the turns with the value of every position along
// the line, p first. It stops when the rule ends the game.
func (s *Set) BestLine(p engine.Position, r Rule, maxPlies int) ([]engine.Turn, []Value, error) {
	var line []engine.Turn
	var values []Value
	rules := engine.Rules{PaikaLimit: r.PaikaLimit}
	for len(line) <= maxPlies {
		v, best, err := s.BestTurns(&p, r)
		if err != nil {
			return nil, nil, err
		}
		values = append(values, v)
		if len(best) == 0 || len(line) == maxPlies || rules.Status(&p).Over() {
			break
		}
		line = append(line, best[0])
		p = p.Play(best[0])
	}
	return line, values, nil
}

// CheckRules says whether tables can answer for p under rules r: the values assume that a
// side with no legal turn loses and that there is no ply cap, and turns may capture in
// chains from the first (FirstTurnNoChain only matters at plies 0 and 1). The paika limit
// chooses the tables (0: theoretic) and must fit in them.
func CheckRules(r engine.Rules, p *engine.Position) error {
	switch {
	case r.NoMovesDraw:
		return fmt.Errorf("tablebase: rules %v: the tables assume a side with no legal turn loses", r)
	case r.MaxPlies > 0 && (p == nil || r.MaxPlies-p.Ply <= capReach(p, r.PaikaLimit)):
		return fmt.Errorf("tablebase: rules %v: the tables assume no ply cap within reach of the game's end", r)
	case r.FirstTurnNoChain && p != nil && p.Ply < 2:
		return fmt.Errorf("tablebase: rules %v: ply %d is a first turn, which may not capture in a chain; the tables assume it may", r, p.Ply)
	}
	return checkLimit(r.PaikaLimit)
}

// capReach bounds the plies from p to the end of a game the tables decide: a theoretic
// distance is at most maxPlies; under a paika limit every capture of the loser's pieces
// comes within limit plies, so the game ends within pieces·limit plies. A ply cap beyond
// that (a tournament's 1,000 plies) cannot change a table's verdict.
func capReach(p *engine.Position, limit int) int {
	if limit == 0 {
		return maxPlies
	}
	return p.Occupied().Count() * limit
}
