// reuse.go: the memory players hand on from game to game. A tournament worker makes two
// players a game; an expert holds a transposition table (16 MB by default) and search
// buffers (half a megabyte). Made afresh each game they were 35 MB of garbage a game,
// which the collector then had to keep up with (docs/PERFORMANCE.md). Close gives them
// back here and the next player made takes them, cleared. (MCTS keeps its tree's nodes
// the same way, in mcts.go.)

package players

import "sync"

// tablePools holds, per slot count, a sync.Pool of the transposition tables given back.
var tablePools sync.Map // uint64 → *sync.Pool

// searcherPool holds the searchers given back: cleared, but for the capacity of their turn
// and order buffers.
var searcherPool sync.Pool

// reusedTable returns a table of n slots given back, or nil when there is none. Its entries
// are retired (newSearch): they read as empty, so the table searches as a new one does.
func reusedTable(n uint64) *transTable {
	pool, ok := tablePools.Load(n)
	if !ok {
		return nil
	}
	t, _ := pool.(*sync.Pool).Get().(*transTable)
	if t != nil {
		t.newSearch()
	}
	return t
}

// giveTable hands t on to the next player made with a table of its size. The caller no
// longer uses t.
func giveTable(t *transTable) {
	if t == nil {
		return
	}
	pool, _ := tablePools.LoadOrStore(uint64(len(t.slots)), new(sync.Pool))
	pool.(*sync.Pool).Put(t)
}

// reusedSearcher returns a searcher given back, every field zero but its buffers, or nil
// when there is none.
func reusedSearcher() *searcher {
	s, _ := searcherPool.Get().(*searcher)
	return s
}

// giveSearcher hands s on, and its table unless shared (the helpers of a parallel search
// use their main thread's). The caller no longer uses s.
func giveSearcher(s *searcher, shared bool) {
	if !shared {
		giveTable(s.tt)
	}
	turns, order := s.turns, s.order
	*s = searcher{} // holds on to no table, net, oracle or context
	for i := range turns {
		s.turns[i], s.order[i] = turns[i][:0], order[i][:0]
	}
	searcherPool.Put(s)
}
