// Samples of the example's response types as encoding/json writes them,
// for test/e2e/openapi-agreement.e2e.test.ts: "filled" values a server
// sends, and Go's zero values. Keys are the types' OpenAPI component names.
package main

import (
	"encoding/json"
	"os"
	"time"

	"example.com/shop/internal/fwhttp"
	"example.com/shop/internal/models"
	"example.com/shop/internal/v1handler"
	"example.com/shop/internal/v1handler/admin"
	"example.com/shop/internal/v2handler"
)

func main() {
	at := time.Date(2024, 2, 29, 12, 30, 0, 123456789, time.FixedZone("", 2*3600))
	ada := models.User{ID: 1, Name: "Ada", Email: "ada@example.com", Role: models.RoleAdmin, Tags: []string{"founder"}, Address: &models.Address{Street: "1 Main St", City: "London"}, CreatedAt: at}
	bob := models.User{ID: 1 << 40, Name: "Bob", Role: models.RoleMember, CreatedAt: at.UTC()}
	limit, active, note := 10, true, "n\u00f6te"
	echo := v1handler.EchoRequest{
		Text: "a b&c", Count: -3, Small: -128, Big: 1 << 40, Ratio: 0.5, Flag: true, Role: models.RoleMember, Since: at,
		IDs: []int64{1, 2}, Tags: []string{}, Roles: []models.Role{models.RoleAdmin}, Limit: &limit, Active: &active, Note: &note, Until: &at,
		Token: "t", Probe: "p",
	}
	filled := map[string][]any{
		"Address":                    {*ada.Address},
		"User":                       {ada, bob},
		"Role":                       {models.RoleAdmin, models.RoleMember},
		"GetUserResponse":            {v1handler.GetUserResponse{User: ada}},
		"CreateUserResponse":         {v1handler.CreateUserResponse{User: bob}},
		"V1handlerListUsersResponse": {v1handler.ListUsersResponse{Users: []models.User{ada, bob}, Total: 2}, v1handler.ListUsersResponse{Users: []models.User{}}},
		"AdminListUsersResponse":     {admin.ListUsersResponse{Users: []models.User{ada}}},
		"V2handlerListUsersResponse": {v2handler.ListUsersResponse{Users: []models.User{ada}}, v2handler.ListUsersResponse{Users: []models.User{}}},
		"UploadResponse":             {v1handler.UploadResponse{Name: "a.txt", Size: 3, Description: "notes", Checksum: "352441c2"}},
		"HealthResponse":             {v1handler.HealthResponse{Status: "ok"}},
		"StatsResponse":              {admin.StatsResponse{Goroutines: 7}},
		"IndexResponse":              {v2handler.IndexResponse{Version: "v2"}},
		"FwError":                    {fwhttp.Error{Status: 404, Code: "not_found", Message: "no user with this id"}},
		"ProbeResponse":              {v1handler.ProbeResponse{Attempts: 3}},
		"EchoRequest":                {echo},
	}
	zero := map[string][]any{
		"Address":                    {models.Address{}},
		"User":                       {models.User{}},
		"GetUserResponse":            {v1handler.GetUserResponse{}},
		"V1handlerListUsersResponse": {v1handler.ListUsersResponse{}},
		"AdminListUsersResponse":     {admin.ListUsersResponse{}},
		"V2handlerListUsersResponse": {v2handler.ListUsersResponse{}},
		"UploadResponse":             {v1handler.UploadResponse{}},
		"StatsResponse":              {admin.StatsResponse{}},
		"FwError":                    {fwhttp.Error{}},
		"ProbeResponse":              {v1handler.ProbeResponse{}},
		"EchoRequest":                {v1handler.EchoRequest{}},
	}
	_ = json.NewEncoder(os.Stdout).Encode(map[string]any{"filled": filled, "zero": zero})
}
