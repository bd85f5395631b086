// Command provider is the provider of the round trip (roundtrip_test.go): MCP's Go SDK server over standard input
// and output, started by the README's serveAnswer, whose tool returns the answer of the conformance vector its
// "vector" argument names, decoded with the package's own decoder; a vector that does not decode is the tool's
// error. serveAnswer and the host's functions are the package README's example, which the Go consumer
// (test/bindings/go/consumer.ts) writes beside this file as readme_mcp.go.
//
// Usage: provider VECTORS-FOLDER TOOL
//
// The tool states the output schema of the package's own definition of TOOL (ToolDefinitions), as the README says.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"elementmodel"
)

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: provider VECTORS-FOLDER TOOL")
		os.Exit(2)
	}
	vectors, name := os.Args[1], os.Args[2]
	var schema json.RawMessage
	for _, definition := range elementmodel.ToolDefinitions() {
		if definition.Name == name {
			schema = json.RawMessage(definition.OutputSchema)
		}
	}
	if schema == nil {
		fmt.Fprintf(os.Stderr, "the package defines no tool %q\n", name)
		os.Exit(2)
	}
	answerNow := func(request *mcp.CallToolRequest) (*elementmodel.Answer, error) {
		var arguments struct {
			Vector string `json:"vector"`
		}
		if err := json.Unmarshal(request.Params.Arguments, &arguments); err != nil {
			return nil, err
		}
		return vectorAnswer(vectors, arguments.Vector)
	}
	if err := serveAnswer(context.Background(), &mcp.StdioTransport{}, schema, answerNow); err != nil {
		fmt.Fprintln(os.Stderr, "provider:", err)
		os.Exit(1)
	}
}

// vectorAnswer is the input of the vector named name, in the folder dir, decoded into the package's Answer, or why
// it does not decode.
func vectorAnswer(dir, name string) (*elementmodel.Answer, error) {
	if name == "" || strings.ContainsAny(name, `/\`) {
		return nil, fmt.Errorf("no vector named %q", name)
	}
	data, err := os.ReadFile(filepath.Join(dir, name+".json"))
	if err != nil {
		return nil, err
	}
	vector, err := elementmodel.ParseJSON(string(data))
	if err != nil {
		return nil, err
	}
	object, ok := vector.(*elementmodel.Object)
	if !ok {
		return nil, errors.New("a vector is a JSON object")
	}
	input, ok := object.Get("input")
	if !ok {
		return nil, fmt.Errorf("vector %s has no input", name)
	}
	return elementmodel.DecodeAnswer(input)
}
