// Command element-model-validate checks answers and prints their findings, with the same arguments, output,
// findings JSON and exit codes as element-spec validate and every binding's validator.
package main

import (
	"os"

	elementmodel "MODULE_PATH"
)

func main() {
	os.Exit(elementmodel.ValidateMain(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
