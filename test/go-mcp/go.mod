// The Go module with MCP's Go SDK, a test module of its own: the generated module (generated/go, through the
// replace) does not depend on MCP. The Go consumer (test/bindings/go/consumer.ts) builds its .go files with the README's
// "Use with MCP" code and the module from the registry; the installer fetches what go.mod and go.sum pin.
module elementmodel.test/gomcp

go 1.25.0

require (
	elementmodel v0.0.0
	github.com/modelcontextprotocol/go-sdk v1.8.0
)

require (
	github.com/google/jsonschema-go v0.4.3 // indirect
	github.com/segmentio/asm v1.1.3 // indirect
	github.com/segmentio/encoding v0.5.4 // indirect
	github.com/yosida95/uritemplate/v3 v3.0.2 // indirect
	golang.org/x/oauth2 v0.35.0 // indirect
	golang.org/x/sync v0.20.0 // indirect
	golang.org/x/sys v0.41.0 // indirect
	golang.org/x/time v0.15.0 // indirect
)

replace elementmodel => ../../generated/go
