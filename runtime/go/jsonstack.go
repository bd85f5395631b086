package elementmodel

// container is an object or array being read that needs state: its level (0 the outermost) and whether it is an
// object, as level<<1 | 1 for an object; where its members or items start in the reader's scratch stacks; the key
// its next value goes under; and for an object past indexFrom members, its keys' index.
type container struct {
	tag   int
	from  int
	key   string
	index map[string]int
}

func (c *container) object() bool { return c.tag&1 != 0 }

// level is the level of the container.
func (c *container) level() int { return c.tag >> 1 }

// stack holds the containers being read, innermost last, in chunks of a fixed size: it grows without copying what
// it holds, so the stack of a deep text (10 million objects opened) is its size once, not its size and a copy and
// the garbage of each smaller copy before.
type stack struct {
	top   []container   // the innermost chunk
	below [][]container // the full chunks under it, innermost last
	spare []container   // a chunk emptied, kept so text that opens and closes at a chunk's edge allocates none
}

// chunkSize is the most containers a chunk holds; the first holds 16 and each next one twice as many, so a small
// text's stack is small.
const chunkSize = 4096

// push puts c on the stack, and is where it stands.
func (s *stack) push(c container) *container {
	if len(s.top) == cap(s.top) {
		if s.top != nil {
			s.below = append(s.below, s.top)
		}
		s.top, s.spare = s.spare, nil
		if s.top == nil {
			size := chunkSize
			if len(s.below) < 8 {
				size = 16 << len(s.below)
			}
			s.top = make([]container, 0, size)
		}
	}
	s.top = append(s.top, c)
	return &s.top[len(s.top)-1]
}

// last is the innermost container, or nil when there is none.
func (s *stack) last() *container {
	if len(s.top) == 0 {
		if len(s.below) == 0 {
			return nil
		}
		s.spare = s.top
		s.top = s.below[len(s.below)-1]
		s.below[len(s.below)-1] = nil
		s.below = s.below[:len(s.below)-1]
	}
	return &s.top[len(s.top)-1]
}

// pop takes the innermost container off the stack, which last has just given. (What it held is not cleared: the
// stack dies with the reader.)
func (s *stack) pop() { s.top = s.top[:len(s.top)-1] }
