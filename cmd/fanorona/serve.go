// serve.go: the serve command, the analysis board in the browser; thin over package
// tournament/analysis.

package main

import (
	"context"
	"fmt"

	"github.com/fanorona/fanorona/tournament/analysis"
	"github.com/spf13/cobra"
)

// defaultServeAddr is where serve listens without --addr.
const defaultServeAddr = "127.0.0.1:8054"

type serveOptions struct {
	req   analysis.Request
	open  bool
	rules rulesFlags
}

func newServeCmd(s *streams, runF func(*serveOptions) error) *cobra.Command {
	var o serveOptions
	c := &cobra.Command{
		Use:   "serve [--addr 127.0.0.1:PORT] [--tablebases DIR] [--open]",
		Short: "An analysis board in the browser: play through a position, ask the expert, the tables and the prover",
		Long:  "Serve the analysis board, one page that works offline and its JSON API (docs/PROTOCOL.md, \"The analysis board\"), on a loopback address printed on stderr until Ctrl-C.",
		Args:  cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			return seam(runF, &o, func() error { return runServe(c.Context(), s, &o) })
		},
	}
	c.Flags().StringVar(&o.req.Addr, "addr", defaultServeAddr, "host:port to listen on (port 0 picks a free one); loopback unless --allow-remote")
	c.Flags().StringVar(&o.req.Tables, "tablebases", "", `tablebase folder ("" = the default cache folder when it exists, "none" = off)`)
	c.Flags().BoolVar(&o.open, "open", false, "open the page in the desktop's browser")
	c.Flags().BoolVar(&o.req.AllowRemote, "allow-remote", false, "listen on and answer any address, not only loopback (the API has no authentication)")
	c.Flags().IntVar(&o.req.MaxSearches, "max-searches", 0, "analyses and proofs running at once over all clients (0 = one a core)")
	c.Flags().DurationVar(&o.req.MaxTime, "max-time", analysis.DefaultMaxTime, "longest time budget a page may give one analysis or proof")
	o.rules.bind(c)
	return c
}

func runServe(ctx context.Context, s *streams, o *serveOptions) error {
	var err error
	if o.req.Rules, err = o.rules.rules(); err != nil {
		return err
	}
	if err := o.req.Check(); err != nil {
		return badInput(err)
	}
	o.req.Toolkit = version()
	return o.req.Serve(ctx, func(url string) {
		fmt.Fprintf(s.err, "fanorona: the analysis board is at %s (Ctrl-C stops it)\n", url)
		if o.open {
			if err := analysis.OpenBrowser(url); err != nil {
				fmt.Fprintf(s.err, "fanorona: --open: %v\n", err)
			}
		}
	})
}
