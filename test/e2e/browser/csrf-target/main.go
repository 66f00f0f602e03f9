// A JSON route that a browser session would reach with its cookie, for
// test/e2e/browser.e2e.test.ts: a page of another origin posts to it in
// no-cors mode, which needs no preflight, and the test asks GET /notes
// whether the handler took a body. Copied into a copy of the example module
// as cmd/csrftarget. Prints "listening on http://<addr>" like cmd/server.
package main

import (
	"fmt"
	"log"
	"net"
	"net/http"
	"sync"

	"example.com/shop/internal/fwhttp"
)

type noteRequest struct {
	Text string `json:"text"`
}

func main() {
	var mu sync.Mutex
	requests := 0
	notes := []string{}
	mux := http.NewServeMux()
	create := fwhttp.Wrap(func(r *http.Request) (fwhttp.Response, error) {
		var req noteRequest
		if err := fwhttp.Bind(r, &req); err != nil {
			return nil, err
		}
		mu.Lock()
		defer mu.Unlock()
		notes = append(notes, req.Text)
		return fwhttp.JSON.Created(req), nil
	})
	mux.HandleFunc("POST /notes", func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		requests++
		mu.Unlock()
		create(w, r)
	})
	mux.HandleFunc("GET /notes", func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		_ = fwhttp.JSON.OK(map[string]any{"requests": requests, "notes": notes}).WriteResponse(w, r)
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("listening on http://%s\n", ln.Addr())
	log.Fatal(http.Serve(ln, mux))
}
