// cache.go: the decompressed blocks a Set keeps for probes, under a lock of their own that
// no disk read or decompression holds.

package tablebase

import "sync"

// blockCache keeps the most recently used decompressed blocks of probed files. Its lock
// is held for a map lookup or an insertion only: a probe whose block is kept never waits
// for another probe's read.
type blockCache struct {
	mu       sync.Mutex
	capacity int
	entries  map[cacheKey]*cacheEntry
	head     cacheEntry // sentinel of the use order: head.next is the most recent
	// spares are the buffers of evicted blocks, handed to the next reads so that a
	// steady stream of misses allocates nothing.
	spares [][]byte
}

// maxSpares bounds the spare buffers kept: one for each read in flight at once, about.
const maxSpares = 16

type cacheKey struct {
	file  *tableFile
	block uint64
}

type cacheEntry struct {
	key        cacheKey
	data       []byte
	prev, next *cacheEntry
}

// compressedBufs hold the compressed bytes of blocks being read (scratch of readBlock).
var compressedBufs = sync.Pool{New: func() any { return new([]byte) }}

func newBlockCache(capacity int) *blockCache {
	c := &blockCache{}
	c.reset(capacity)
	return c
}

// reset empties the cache and sets its capacity.
func (c *blockCache) reset(capacity int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.capacity, c.entries, c.spares = capacity, map[cacheKey]*cacheEntry{}, nil
	c.head.prev, c.head.next = &c.head, &c.head
}

// size returns the capacity.
func (c *blockCache) size() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.capacity
}

func (c *blockCache) unlink(e *cacheEntry) { e.prev.next, e.next.prev = e.next, e.prev }

func (c *blockCache) pushFront(e *cacheEntry) {
	e.prev, e.next = &c.head, c.head.next
	c.head.next.prev = e
	c.head.next = e
}

// value returns byte i of block of tf when the block is kept, making it the most recent.
func (c *blockCache) value(tf *tableFile, block, i uint64) (byte, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e := c.entries[cacheKey{tf, block}]
	if e == nil {
		return 0, false
	}
	c.unlink(e)
	c.pushFront(e)
	return e.data[i], true
}

// spare returns a buffer of n bytes to decompress a block into: an evicted block's
// buffer when there is one.
func (c *blockCache) spare(n uint64) []byte {
	c.mu.Lock()
	var b []byte
	if k := len(c.spares); k > 0 {
		b, c.spares = c.spares[k-1], c.spares[:k-1]
	}
	c.mu.Unlock()
	if uint64(cap(b)) < n {
		b = make([]byte, n)
	}
	return b[:n]
}

// insert keeps data as block of tf, evicting the least recently used block when full.
// When another probe kept the same block meanwhile, data becomes a spare.
func (c *blockCache) insert(tf *tableFile, block uint64, data []byte) {
	c.mu.Lock()
	defer c.mu.Unlock()
	k := cacheKey{tf, block}
	if e := c.entries[k]; e != nil {
		c.keepSpare(data)
		return
	}
	var e *cacheEntry
	if len(c.entries) >= c.capacity {
		e = c.head.prev // the least recent, reused
		c.unlink(e)
		delete(c.entries, e.key)
		c.keepSpare(e.data)
	} else {
		e = &cacheEntry{}
	}
	e.key, e.data = k, data
	c.entries[k] = e
	c.pushFront(e)
}

// keepSpare keeps an unused block buffer for a later read (c.mu held).
func (c *blockCache) keepSpare(b []byte) {
	if len(c.spares) < maxSpares {
		c.spares = append(c.spares, b)
	}
}
