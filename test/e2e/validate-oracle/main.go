// Command oracle is go-playground/validator's judgement of the samples of
// fixtures/validate-oracle (copied into a copy of that fixture, after
// `fw init`, by test/e2e/validate-oracle.e2e.test.ts).
//
//	oracle judge   reads [{"type": "S1", "body": "{\"v\":\"ab\"}"}, ...] on stdin and
//	               prints, for each, "" (accepted), "decode" (encoding/json refused it)
//	               or the rule that failed ("min=3")
//	oracle serve   serves the fixture's routes on 127.0.0.1 with fwhttp.Bind and
//	               fwhttp.Validate set to the validator
package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"
	"reflect"
	"strings"

	"example.com/validateoracle/internal/api"
	"example.com/validateoracle/internal/fwhttp"
	"github.com/go-playground/validator/v10"
)

func newValidator() *validator.Validate {
	v := validator.New(validator.WithRequiredStructEnabled())
	// Name fields as the JSON body does.
	v.RegisterTagNameFunc(func(f reflect.StructField) string {
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" {
			return ""
		}
		return name
	})
	return v
}

// rule is a failed rule as written in the tag: "min=3" ("ne=" shows as "ne").
func rule(f validator.FieldError) string {
	if f.Param() == "" {
		return f.ActualTag()
	}
	return f.ActualTag() + "=" + f.Param()
}

func judge(v *validator.Validate) {
	var samples []struct{ Type, Body string }
	if err := json.NewDecoder(os.Stdin).Decode(&samples); err != nil {
		log.Fatal(err)
	}
	out := make([]string, len(samples))
	for i, s := range samples {
		dst := api.Types[s.Type]()
		dec := json.NewDecoder(strings.NewReader(s.Body))
		dec.DisallowUnknownFields()
		if err := dec.Decode(dst); err != nil {
			out[i] = "decode"
			continue
		}
		var fields validator.ValidationErrors
		if err := v.Struct(dst); errors.As(err, &fields) {
			out[i] = rule(fields[0])
		} else if err != nil {
			log.Fatal(err)
		}
	}
	if err := json.NewEncoder(os.Stdout).Encode(out); err != nil {
		log.Fatal(err)
	}
}

func serve(v *validator.Validate) {
	fwhttp.Validate = func(dst any) error {
		var fields validator.ValidationErrors
		if err := v.Struct(dst); errors.As(err, &fields) {
			f := fields[0]
			return &fwhttp.Error{Status: http.StatusBadRequest, Code: fwhttp.CodeInvalidRequest, Message: fmt.Sprintf("%s: fails the rule %s", f.Field(), rule(f)), Field: f.Field()}
		} else if err != nil {
			return err
		}
		return nil
	}
	api.Serve = func(name string) http.HandlerFunc {
		return fwhttp.Wrap(func(r *http.Request) (fwhttp.Response, error) {
			dst := api.Types[name]()
			if err := fwhttp.Bind(r, dst); err != nil {
				return nil, err
			}
			return fwhttp.JSON.OK(api.Empty{}), nil
		})
	}
	mux := http.NewServeMux()
	api.Router(api.RouterParams{Mux: mux})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("listening on http://%s\n", ln.Addr())
	log.Fatal(http.Serve(ln, mux))
}

func main() {
	v := newValidator()
	switch os.Args[1] {
	case "judge":
		judge(v)
	case "serve":
		serve(v)
	default:
		log.Fatalf("unknown mode %q", os.Args[1])
	}
}
