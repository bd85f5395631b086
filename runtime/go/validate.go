package elementmodel

import (
	"fmt"
	"io"
	"os"
)

const validateUsage = `usage: element-model-validate [--json] [--batch] FILE|- [FILE...]

Check an answer (a file, or - for standard input) against the structure and requirements. With --batch, check
each file in turn: for each, a line "==> FILE <== exit CODE", then what checking that file alone prints; the exit
code is the highest of theirs. Exit 0: no error; 1: errors; 2: a usage error or input that cannot be read.
`

// validateFile is what checking one file (or - for standard input) prints, and its exit code.
func validateFile(file string, asJSON bool, stdin io.Reader, stderr io.Writer) (string, int) {
	var data []byte
	var err error
	if file == "-" {
		data, err = io.ReadAll(stdin)
	} else {
		data, err = os.ReadFile(file)
	}
	if err != nil {
		fmt.Fprintf(stderr, "validate: cannot read %s: %v\n", file, err)
		return "", 2
	}
	findings := ValidateText(string(data), Limits)
	if asJSON {
		return FindingsJSON(findings), ExitCodeOf(findings)
	}
	name := file
	if file == "-" {
		name = "<stdin>"
	}
	return FormatFindings(findings, name), ExitCodeOf(findings)
}

// ValidateMain runs the validator with the command line's arguments (without the program's name), as
// element-spec validate does: the same arguments, output, findings JSON and exit codes.
func ValidateMain(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	asJSON, batch := false, false
	var files []string
	options := true
	for _, arg := range args {
		switch {
		case options && arg == "--":
			options = false
		case options && arg == "--json":
			asJSON = true
		case options && arg == "--batch":
			batch = true
		case options && (arg == "-h" || arg == "--help"):
			fmt.Fprint(stdout, validateUsage)
			return 0
		case options && len(arg) > 1 && arg[0] == '-':
			fmt.Fprintf(stderr, "element-model-validate: unknown option %s\n%s", arg, validateUsage)
			return 2
		default:
			files = append(files, arg)
		}
	}
	if len(files) == 0 || (!batch && len(files) != 1) {
		fmt.Fprint(stderr, validateUsage)
		return 2
	}
	if !batch {
		out, code := validateFile(files[0], asJSON, stdin, stderr)
		fmt.Fprint(stdout, out)
		return code
	}
	highest := 0
	for _, file := range files {
		out, code := validateFile(file, asJSON, stdin, stderr)
		fmt.Fprintf(stdout, "==> %s <== exit %d\n%s", file, code, out)
		highest = max(highest, code)
	}
	return highest
}
