// gate.go: who may search: one search at a time per client (a newer request of the same
// client stops the older and takes its place), a few at a time over all clients, and a
// bounded number of clients holding or waiting for a search.

package analysis

import (
	"context"
	"net/http"
	"regexp"
)

// gate admits searches. A client is named by the request (its client parameter).
type gate struct {
	slots   chan struct{} // one token a running search
	clients chan struct{} // one token a client holding or waiting
	mu      chan struct{} // a lock that a select can wait beside
	holders map[string]*holder
}

// holder is a client's latest request: cancel stops it; done closes once it, and every
// request of the client before it, has ended.
type holder struct {
	cancel context.CancelFunc
	done   chan struct{}
}

func newGate(searches, clients int) *gate {
	return &gate{slots: make(chan struct{}, searches), clients: make(chan struct{}, clients),
		mu: make(chan struct{}, 1), holders: map[string]*holder{}}
}

func (g *gate) lock()   { g.mu <- struct{}{} }
func (g *gate) unlock() { <-g.mu }

// clientName is what a client parameter may be.
var clientName = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)

// enter waits for client's earlier search to stop (it is told to), then takes a search
// slot. It returns the context the search runs in (cancelled when the client leaves, or
// sends a newer request) and the function that ends it, or a requestError: 409 when a
// newer request superseded this one while it waited, 503 when every slot is taken.
func (g *gate) enter(ctx context.Context, client string) (context.Context, func(), error) {
	if !clientName.MatchString(client) {
		return nil, nil, badRequest("client: %q: expected 1 to 64 letters, digits, - or _ naming the page (one search at a time per client)", client)
	}
	ctx, cancel := context.WithCancel(ctx)
	me := &holder{cancel: cancel, done: make(chan struct{})}
	g.lock()
	prev, known := g.holders[client]
	if !known {
		select {
		case g.clients <- struct{}{}:
		default:
			g.unlock()
			cancel()
			return nil, nil, &requestError{http.StatusServiceUnavailable, "busy: too many clients are searching; try again"}
		}
	}
	g.holders[client] = me
	g.unlock()
	// finish ends this request once the one before it has ended, so that done is closed
	// only when no earlier request of the client still runs.
	finish := func() {
		cancel()
		if prev != nil {
			<-prev.done
		}
		g.lock()
		if g.holders[client] == me {
			delete(g.holders, client)
			<-g.clients
		}
		g.unlock()
		close(me.done)
	}
	if prev != nil {
		prev.cancel()
		select {
		case <-prev.done:
		case <-ctx.Done():
			go finish() // prev is stopping: waits a moment for it, off the handler
			return nil, nil, &requestError{http.StatusConflict, "superseded: a newer request of this client came first"}
		}
	}
	select {
	case g.slots <- struct{}{}:
	default:
		finish()
		return nil, nil, &requestError{http.StatusServiceUnavailable, "busy: every search slot is taken; try again"}
	}
	return ctx, func() { <-g.slots; finish() }, nil
}

// waiting returns how many clients hold or wait for a search.
func (g *gate) waiting() int {
	g.lock()
	defer g.unlock()
	return len(g.holders)
}
