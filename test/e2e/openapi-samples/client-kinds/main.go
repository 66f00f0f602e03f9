// Samples of client-kinds' response types as encoding/json writes them,
// for test/e2e/openapi-agreement.e2e.test.ts: "filled" values a server
// sends, and Go's zero values. Keys are the types' OpenAPI component names.
package main

import (
	"encoding/json"
	"os"
	"time"

	"example.com/kinds/internal/api"
	"example.com/kinds/internal/models"
)

func main() {
	at := time.Date(2024, 2, 29, 12, 30, 0, 5, time.UTC)
	thing := models.Thing{
		Base: models.Base{ID: 42, Created: at}, Audit: &models.Audit{By: "ada"},
		Name: "lamp", Status: models.StatusPublished, Priority: models.PriorityHigh, Score: 0.5, Small: -128, Count: 4294967295,
		Big: 9007199254740993, Active: true, Tags: []string{"a", "b"}, Labels: map[string]string{"k": "v"}, Point: [2]float64{1.5, -2},
		Timeout: 1500 * time.Millisecond, Data: []byte("hello"), Extra: json.RawMessage(`{"x":[1,null]}`), Meta: map[string]any{"n": 1},
		Untagged: "u",
	}
	thing.Dimension.Width = 3
	child := thing
	child.Audit = nil
	child.Parent = &thing
	child.Priority = models.PriorityLow
	child.Status = models.StatusDraft
	leaf := &models.Node{Name: "leaf", Children: []*models.Node{}}
	owner := &models.Owner{Name: "ada", Nodes: []*models.Node{leaf, nil}}
	filled := map[string][]any{
		"Status":       {models.StatusDraft, models.StatusPublished},
		"Priority":     {models.PriorityLow, models.PriorityHigh},
		"Color":        {models.Color{R: 1}},
		"Thing":        {thing, child},
		"UploadResult": {api.UploadResult{Stored: []string{"a.txt"}}},
		"Node":         {models.Node{Name: "root", Children: []*models.Node{leaf, nil}, Owner: owner}},
		"Owner":        {*owner},
		// The error body the generated router's fwRequireHeaders writes.
		"FwError": {struct {
			Message string `json:"message"`
			Code    string `json:"code"`
		}{Message: "missing required header Authorization", Code: "unauthorized"}},
	}
	zero := map[string][]any{
		"Thing":        {models.Thing{}},
		"UploadResult": {api.UploadResult{}},
		"Node":         {models.Node{}},
		"Owner":        {models.Owner{}},
	}
	_ = json.NewEncoder(os.Stdout).Encode(map[string]any{"filled": filled, "zero": zero})
}
