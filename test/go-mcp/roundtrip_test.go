package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"elementmodel"
)

// setting is an environment variable the Go consumer (test/bindings/go/consumer.ts) sets; the test cannot run without it.
func setting(t *testing.T, name string) string {
	t.Helper()
	value := os.Getenv(name)
	if value == "" {
		t.Fatalf("%s is not set (test/bindings/go/consumer.ts sets it)", name)
	}
	return value
}

// field is an object's member, or nil.
func field(v elementmodel.Value, key string) elementmodel.Value {
	if o, ok := v.(*elementmodel.Object); ok {
		x, _ := o.Get(key)
		return x
	}
	return nil
}

func nullable(s *string) elementmodel.Value {
	if s == nil {
		return nil
	}
	return *s
}

// stated is the findings as the vectors state them: without their messages.
func stated(findings []elementmodel.Finding) []elementmodel.Value {
	out := []elementmodel.Value{}
	for _, f := range findings {
		o := elementmodel.NewObject()
		o.Set("requirement", nullable(f.Requirement))
		o.Set("rule", f.Rule)
		o.Set("severity", string(f.Severity))
		o.Set("elementId", nullable(f.ElementID))
		o.Set("path", f.Path)
		out = append(out, o)
	}
	return out
}

// sameJSON reports whether two JSON texts hold the same value.
func sameJSON(t *testing.T, a, b []byte) bool {
	t.Helper()
	var x, y any
	if err := json.Unmarshal(a, &x); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &y); err != nil {
		t.Fatal(err)
	}
	return reflect.DeepEqual(x, y)
}

// TestMcpRoundTrip sends every conformance vector from a provider (MCP's Go SDK server, in a process of its own) over
// stdio to a host (MCP's Go SDK client): a vector that decodes arrives, and the package's Check finds the vector's
// findings in it; one that does not is the tool's error. The provider's tool and the host's calls are the package
// README's example.
func TestMcpRoundTrip(t *testing.T) {
	vectors := filepath.Join(setting(t, "ELEMENT_CONFORMANCE_DIR"), "vectors")
	toolsFile := setting(t, "ELEMENT_TOOLS")
	tool := setting(t, "ELEMENT_TOOL")
	provider := setting(t, "ELEMENT_PROVIDER")
	files, err := filepath.Glob(filepath.Join(vectors, "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no vectors in %s (%v)", vectors, err)
	}
	sort.Strings(files)
	// The published tool definitions (tools.json), apart from the package's compiled copy the provider states.
	published, err := os.ReadFile(toolsFile)
	if err != nil {
		t.Fatal(err)
	}
	var definitions []struct {
		Name         string          `json:"name"`
		OutputSchema json.RawMessage `json:"outputSchema"`
	}
	if err := json.Unmarshal(published, &definitions); err != nil {
		t.Fatal(err)
	}
	var schema []byte
	for _, definition := range definitions {
		if definition.Name == tool {
			schema = definition.OutputSchema
		}
	}
	if schema == nil {
		t.Fatalf("%s defines no tool %q", toolsFile, tool)
	}

	started := time.Now()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	// connectToProvider, askForAnswer and findingsIn are the README's example (readme_mcp.go).
	session, err := connectToProvider(ctx, exec.Command(provider, vectors, tool))
	if err != nil {
		t.Fatal(err)
	}
	defer session.Close()

	listed, err := session.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(listed.Tools) != 1 || listed.Tools[0].Name != tool {
		t.Fatalf("tools: got %d, want one named %q", len(listed.Tools), tool)
	}
	stating, err := json.Marshal(listed.Tools[0].OutputSchema)
	if err != nil {
		t.Fatal(err)
	}
	if !sameJSON(t, stating, schema) {
		t.Fatalf("the tool's output schema is not %s's for %q", toolsFile, tool)
	}

	checked, refused := 0, 0
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".json")
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		vector, err := elementmodel.ParseJSON(string(data))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		arguments := map[string]string{"vector": name}
		if field(vector, "decodes") != true {
			result, err := session.CallTool(ctx, &mcp.CallToolParams{Name: tool, Arguments: arguments})
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if !result.IsError {
				t.Errorf("%s: does not decode, yet the tool returned an answer", name)
			}
			if _, err := findingsIn(result); err == nil {
				t.Errorf("%s: the host took the tool's error for an answer", name)
			}
			refused++
			continue
		}
		findings, err := askForAnswer(ctx, session, arguments)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		want, _ := field(vector, "findings").([]elementmodel.Value)
		if want == nil {
			want = []elementmodel.Value{}
		}
		if got := stated(findings); !elementmodel.EqualValues(got, want) {
			t.Errorf("%s: findings\n got %s\nwant %s", name, elementmodel.MarshalValue(got), elementmodel.MarshalValue(want))
		}
		checked++
	}
	if refused == 0 || refused == len(files) {
		t.Errorf("%d of %d vectors refused: want some, not all", refused, len(files))
	}
	fmt.Printf("McpRoundTrip: %d vectors over stdio in %.2f s (%d answers checked, %d refused)\n", len(files), time.Since(started).Seconds(), checked, refused)
}
