package verdict

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/hashdrop/hashdrop/app/checksum"
)

// Equal tells two verdicts apart by every field, down to the verdicts and
// entries they hold: a field added to FileVerdict, checksum.Decision,
// checksum.Verdict or Orphan that Equal does not compare fails here (a
// window would keep drawing the verdict before it).
func TestEqualComparesEveryField(t *testing.T) {
	var paths [][]int
	var names []string
	var walk func(t reflect.Type, path []int, name string)
	walk = func(t reflect.Type, path []int, name string) {
		for i := range t.NumField() {
			f := t.Field(i)
			p, n := append(append([]int(nil), path...), i), name+"."+f.Name
			paths, names = append(paths, p), append(names, n)
			switch ft := f.Type; {
			case ft.Kind() == reflect.Struct:
				walk(ft, p, n)
			case ft.Kind() == reflect.Pointer && contentCompared(ft.Elem()):
				walk(ft.Elem(), p, n)
			}
		}
	}
	walk(reflect.TypeFor[FileVerdict](), nil, "FileVerdict")
	if len(paths) < 30 {
		t.Fatalf("only %d fields found", len(paths))
	}
	for k, path := range paths {
		var a, b FileVerdict
		leafA, leafB := reach(reflect.ValueOf(&a).Elem(), path), reach(reflect.ValueOf(&b).Elem(), path)
		if !a.Equal(&b) {
			t.Fatalf("%s: two verdicts that differ in nothing are not Equal", names[k])
		}
		if !different(leafB) {
			t.Fatalf("%s: %v, cannot make it differ", names[k], leafB.Type())
		}
		if a.Equal(&b) || b.Equal(&a) {
			t.Errorf("%s differs (%v and %v), and Equal says they are the same", names[k], show(leafA), show(leafB))
		}
	}
}

// contentCompared are the types Equal compares what they point to, not
// where: the others (a digest, a signature's verdict, an algorithm) are
// the same one or not.
func contentCompared(t reflect.Type) bool {
	return t == reflect.TypeFor[checksum.Verdict]() || t == reflect.TypeFor[Orphan]()
}

// reach is the field at path in v, allocating the verdicts and entries on
// the way.
func reach(v reflect.Value, path []int) reflect.Value {
	for _, i := range path {
		if v.Kind() == reflect.Pointer {
			if v.IsNil() {
				v.Set(reflect.New(v.Type().Elem()))
			}
			v = v.Elem()
		}
		v = v.Field(i)
	}
	return v
}

// different sets v to a value unlike its zero; false when it cannot.
func different(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Int:
		v.SetInt(v.Int() + 1)
	case reflect.Bool:
		v.SetBool(!v.Bool())
	case reflect.String:
		v.SetString(v.String() + "x")
	case reflect.Slice:
		v.Set(reflect.MakeSlice(v.Type(), 1, 1))
	case reflect.Pointer:
		if v.IsNil() {
			v.Set(reflect.New(v.Type().Elem()))
		} else {
			v.Set(reflect.Zero(v.Type()))
		}
	case reflect.Struct:
		// its fields are walked one by one; the struct itself: its first
		// field changed
		return v.NumField() > 0 && different(v.Field(0))
	default:
		return false
	}
	return true
}

func show(v reflect.Value) string { return fmt.Sprintf("%#v", v.Interface()) }
