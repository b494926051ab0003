package app

// The English of package app's values: the Error methods of its errors and
// the words of a Cause, which the command line and the other packages' errors
// use. The window words the same values itself, in the user's language.

func (e *FileError) Error() string { return "cannot read " + e.Name + ": " + CauseWords(e.Kind, e.Err) }
func (e *WriteError) Error() string {
	if e.Kind == CauseIsInput {
		return "cannot write " + e.Name + ": it is also one of the files to read (" + e.Input + ")"
	}
	return "cannot write " + e.Name + ": " + CauseWords(e.Kind, e.Err)
}

// ErrorWords words the cause of err: "no such file".
func ErrorWords(err error) string { return CauseWords(CauseOf(err), err) }

// CauseWords words c; err gives the operating system's words for a
// CauseOther.
func CauseWords(c Cause, err error) string {
	const allow = " (allow files outside to check it)"
	switch c {
	case CauseNotExist:
		return "no such file"
	case CausePermission:
		return "permission denied"
	case CauseFolder:
		return "is a folder"
	case CauseIO:
		return "input/output error (the disk or medium may be failing)"
	case CauseSpecial:
		return "not a regular file"
	case CauseOutside:
		return "outside the checksum file's folder" + allow
	case CauseAbsolute:
		return "an absolute path, outside the checksum file's folder" + allow
	case CauseLinkOutside:
		return "a link that leads outside the checksum file's folder" + allow
	case CauseUnsupported:
		return "not an algorithm Hashdrop supports"
	case CauseTooLarge:
		return "too large for a checksum file"
	case CauseNotText:
		return "not a text file (it holds NUL bytes; UTF-16 needs a byte order mark)"
	case CauseCutShort:
		return "the UTF-16 text is cut short (odd number of bytes)"
	case CauseLongLine:
		return "a line is far too long: this is not a checksum file"
	case CauseNoEntries:
		return "no checksum lines found"
	case CauseChanged:
		return ErrChanged.Error()
	case CauseCancelled:
		return "cancelled"
	}
	return SystemWords(err)
}
