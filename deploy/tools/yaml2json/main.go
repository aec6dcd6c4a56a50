// yaml2json reads a multi-document YAML stream on stdin (helm template output, a CRD file) and writes a
// JSON array with one element per non-empty document. Used by the chart tests and the schema generator,
// so neither needs a YAML parser in Node.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"

	"sigs.k8s.io/yaml"
	yamlutil "k8s.io/apimachinery/pkg/util/yaml"
)

func main() {
	reader := yamlutil.NewYAMLReader(bufio.NewReaderSize(os.Stdin, 1<<20))
	docs := []json.RawMessage{}
	for {
		doc, err := reader.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			fail(err)
		}
		if len(bytes.TrimSpace(stripComments(doc))) == 0 {
			continue
		}
		j, err := yaml.YAMLToJSON(doc)
		if err != nil {
			fail(err)
		}
		if string(j) == "null" {
			continue
		}
		docs = append(docs, j)
	}
	out, err := json.Marshal(docs)
	if err != nil {
		fail(err)
	}
	os.Stdout.Write(out)
	os.Stdout.Write([]byte("\n"))
}

// stripComments drops whole-line comments, so a document holding only "# Source: ..." counts as empty.
func stripComments(doc []byte) []byte {
	var b bytes.Buffer
	for _, line := range bytes.Split(doc, []byte("\n")) {
		if t := bytes.TrimSpace(line); len(t) > 0 && t[0] == '#' {
			continue
		}
		b.Write(line)
		b.WriteByte('\n')
	}
	return b.Bytes()
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "yaml2json:", err)
	os.Exit(1)
}
