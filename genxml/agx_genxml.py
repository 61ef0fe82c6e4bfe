# Reads the AGX genxml files (genxml/*.xml) into a checked in-memory model.
#
# Assumes the XML dialect described in genxml/README.md: <enum>/<value> and
# <struct>/<field> elements, field starts given as absolute bit numbers or
# "W:B" (32-bit word W, bit B), little-endian 32-bit words. Every problem is
# reported as GenxmlError naming the file, struct and field. Stdlib only.

import re
import xml.etree.ElementTree as ET

PREFIX = 'agx'

# Field types that are not enums. 'address' and 'hex' are unsigned integers
# that differ only in how they print.
SCALAR_TYPES = ('uint', 'hex', 'address', 'int', 'bool', 'float', 'half', 'lod')
MODIFIERS = ('shr', 'minus', 'align', 'log2', 'groups')


class GenxmlError(Exception):
    pass


def c_ident(name):
    """Turns a human name into the C identifier fragment the community uses:
    space, '/' and '-' become '_', other punctuation is dropped, and a
    leading digit gets a '_' prefix (so "Start (halfs)" -> "Start_halfs",
    "Unk - visibility" -> "Unk___visibility")."""
    out = re.sub(r'[ /\-]', '_', name)
    out = re.sub(r'[^A-Za-z0-9_]', '', out)
    if not out or not out[0].isalpha():
        out = '_' + out
    return out


def parse_int(text, what):
    try:
        return int(text, 0)
    except (TypeError, ValueError):
        raise GenxmlError(f'{what}: "{text}" is not an integer')


class Modifier:
    def __init__(self, text, what):
        m = re.fullmatch(r'([a-z0-9]+)(?:\((\d+)\))?', text or '')
        if not m or m.group(1) not in MODIFIERS:
            raise GenxmlError(f'{what}: unknown modifier "{text}"')
        self.kind = m.group(1)
        if self.kind == 'log2':
            if m.group(2) is not None:
                raise GenxmlError(f'{what}: log2 takes no argument')
            self.arg = None
        else:
            if m.group(2) is None:
                raise GenxmlError(f'{what}: {self.kind} needs an argument')
            self.arg = int(m.group(2))
            if self.kind in ('align', 'groups') and self.arg < 1:
                raise GenxmlError(f'{what}: {self.kind} argument must be >= 1')
            if self.kind == 'align' and self.arg & (self.arg - 1):
                raise GenxmlError(f'{what}: align argument must be a power of two')

    def __str__(self):
        return self.kind if self.arg is None else f'{self.kind}({self.arg})'


class Enum:
    def __init__(self, name, values, source):
        self.name = name
        self.values = values          # list of (human name, int value)
        self.source = source
        self.c_type = f'enum {PREFIX}_{c_ident(name).lower()}'
        self.c_func = f'{PREFIX}_{c_ident(name).lower()}_as_str'

    def value_cname(self, vname):
        return c_ident(f'{PREFIX}_{self.name}_{vname}').upper()

    def lookup(self, text):
        """Resolves a value name (compared as C identifiers, so case does not
        matter) or a number to (cname, int)."""
        want = c_ident(f'{PREFIX}_{self.name}_{text}').upper()
        for vname, value in self.values:
            if self.value_cname(vname) == want:
                return self.value_cname(vname), value
        try:
            return str(int(text, 0)), int(text, 0)
        except ValueError:
            raise GenxmlError(f'enum "{self.name}" has no value "{text}"')


class Field:
    def __init__(self, struct, elem):
        self.struct = struct
        what = f'{struct.source}: struct "{struct.name}"'
        if 'name' not in elem.attrib:
            raise GenxmlError(f'{what}: field without a name')
        self.name = elem.attrib['name']
        what = f'{what}, field "{self.name}"'
        self.what = what
        start = elem.attrib.get('start')
        if start is None or 'size' not in elem.attrib or 'type' not in elem.attrib:
            raise GenxmlError(f'{what}: needs start, size and type')
        if ':' in start:
            word, bit = start.split(':', 1)
            self.start = parse_int(word, what) * 32 + parse_int(bit, what)
        else:
            self.start = parse_int(start, what)
        self.size = parse_int(elem.attrib['size'], what)
        self.type = elem.attrib['type']
        mod = elem.attrib.get('modifier')
        self.modifier = Modifier(mod, what) if mod is not None else None
        self.exact_text = elem.attrib.get('exact')
        self.default_text = elem.attrib.get('default')
        self.cname = c_ident(self.name).lower()
        if self.start < 0 or self.size < 1 or self.size > 64:
            raise GenxmlError(f'{what}: size must be 1..64 and start >= 0')

    @property
    def end(self):
        return self.start + self.size - 1

    def overlaps(self, other):
        return self.start <= other.end and other.start <= self.end

    # Resolved after all files are read (enums may come later).
    def resolve(self, spec):
        what = self.what
        self.enum = spec.enums.get(self.type)
        if self.enum is None and self.type not in SCALAR_TYPES:
            if self.type in spec.structs:
                raise GenxmlError(f'{what}: struct-typed fields are not supported')
            raise GenxmlError(f'{what}: unknown type "{self.type}"')
        t = self.type
        if t == 'bool' and self.size != 1:
            raise GenxmlError(f'{what}: bool fields must be 1 bit')
        if t == 'float' and (self.size != 32 or self.start % 32):
            raise GenxmlError(f'{what}: float fields must be a whole 32-bit word')
        if t == 'half' and (self.size != 16 or self.start % 32):
            raise GenxmlError(f'{what}: half fields must be bits 0-15 of a word')
        if t == 'lod' and self.size != 10:
            raise GenxmlError(f'{what}: lod fields must be 10 bits')
        if self.modifier and t not in ('uint', 'hex', 'address'):
            raise GenxmlError(f'{what}: modifiers only apply to uint/hex/address')
        if self.modifier and self.modifier.kind == 'log2' and self.size > 5:
            raise GenxmlError(f'{what}: log2 fields wider than 5 bits are not supported')
        self.exact = self._value(self.exact_text) if self.exact_text is not None else None
        self.default = self._value(self.default_text) if self.default_text is not None else None
        if self.exact is not None:
            cexpr, raw = self.exact
            if raw < 0 or raw >= (1 << self.size) or self.modifier:
                raise GenxmlError(f'{what}: exact value {raw} does not fit (or has a modifier)')

    def _value(self, text):
        """(C expression, integer) of an exact/default attribute."""
        if self.enum is not None:
            try:
                return self.enum.lookup(text)
            except GenxmlError as e:
                raise GenxmlError(f'{self.what}: {e}')
        if self.type == 'bool':
            if text in ('true', '1'):
                return 'true', 1
            if text in ('false', '0'):
                return 'false', 0
            raise GenxmlError(f'{self.what}: bad bool value "{text}"')
        if self.type in ('float', 'half', 'lod'):
            try:
                return repr(float(text)) + 'f', float(text)
            except ValueError:
                raise GenxmlError(f'{self.what}: bad float value "{text}"')
        v = parse_int(text, self.what)
        return str(v), v

    # --- value ranges -------------------------------------------------
    def value_bits(self):
        """Bits needed to hold every value the field can encode."""
        m = self.modifier
        if m is None or m.kind == 'align':
            return self.size
        if m.kind == 'shr':
            return self.size + m.arg
        if m.kind == 'minus':
            return ((1 << self.size) - 1 + m.arg).bit_length()
        if m.kind == 'log2':
            return (1 << self.size)
        if m.kind == 'groups':
            return (m.arg << self.size).bit_length()
        raise AssertionError(m.kind)

    def c_type(self):
        t = self.type
        if self.enum is not None:
            return self.enum.c_type
        if t == 'bool':
            return 'bool'
        if t in ('float', 'half', 'lod'):
            return 'float'
        if t == 'int':
            return 'int32_t' if self.size <= 32 else 'int64_t'
        if t == 'address' or self.value_bits() > 32:
            return 'uint64_t'
        return 'uint32_t'

    def c_type_bits(self):
        ct = self.c_type()
        return 64 if ct in ('uint64_t', 'int64_t') else 32

    def template_default(self):
        """C initialiser so that an untouched template field encodes as zero
        (or the XML default when given); None when plain zero."""
        if self.default is not None:
            return self.default[0]
        m = self.modifier
        if m is None:
            return None
        if m.kind == 'log2':
            return '1'
        if m.kind == 'minus':
            return str(m.arg)
        if m.kind == 'groups':
            return str(m.arg << self.size)
        return None


class Struct:
    def __init__(self, elem, source):
        self.source = source
        if 'name' not in elem.attrib:
            raise GenxmlError(f'{source}: struct without a name')
        self.name = elem.attrib['name']
        self.cname = f'{PREFIX.upper()}_{c_ident(self.name).upper()}'
        self.packed = f'{PREFIX}_{c_ident(self.name).lower()}_packed'
        self.fields = [Field(self, f) for f in elem.findall('field')]
        size = elem.attrib.get('size')
        last = max((f.end // 8 + 1 for f in self.fields), default=0)
        what = f'{source}: struct "{self.name}"'
        self.length = parse_int(size, what) if size is not None else last
        if self.length < 1 or self.length < last:
            raise GenxmlError(f'{what}: size {self.length} B is smaller than its fields ({last} B)')
        align = elem.attrib.get('align')
        # Word-sized structs need word alignment for the word-wise pack; the
        # 2- and 6-byte USC words are packed back to back at 2-byte steps.
        self.align = parse_int(align, what) if align is not None else \
            (4 if self.length % 4 == 0 else 2 if self.length % 2 == 0 else 1)
        names = set()
        for f in self.fields:
            if f.cname in names:
                raise GenxmlError(f'{f.what}: C name "{f.cname}" is used twice')
            names.add(f.cname)
            if f.end >= self.length * 8:
                raise GenxmlError(f'{f.what}: ends at bit {f.end}, past the {self.length}-byte struct')

    @property
    def words(self):
        return (self.length + 3) // 4

    def known_mask(self, word):
        """Bits of 32-bit word `word` covered by at least one field."""
        mask = 0
        for f in self.fields:
            for bit in range(max(f.start, word * 32), min(f.end, word * 32 + 31) + 1):
                mask |= 1 << (bit - word * 32)
        return mask

    def byte_mask(self, word):
        """Bits of word `word` that lie inside the struct's length."""
        nbytes = min(4, self.length - word * 4)
        return (1 << (8 * nbytes)) - 1

    def unknown_mask(self, word):
        return self.byte_mask(word) & ~self.known_mask(word)


class Spec:
    """All enums and structs of a list of XML files, in file order."""

    def __init__(self, paths, os_name='linux'):
        self.enums = {}
        self.structs = {}
        self.order = []        # ('enum'|'struct', object) in file order
        for path in paths:
            self._load(path, os_name)
        for s in self.structs.values():
            for f in s.fields:
                f.resolve(self)

    def _load(self, path, os_name):
        try:
            root = ET.parse(path).getroot()
        except (ET.ParseError, OSError) as e:
            raise GenxmlError(f'{path}: {e}')
        if root.tag != 'genxml':
            raise GenxmlError(f'{path}: root element must be <genxml>')
        for elem in root:
            if 'os' in elem.attrib and elem.attrib['os'] != os_name:
                continue
            if elem.tag == 'enum':
                name = elem.attrib.get('name')
                if not name:
                    raise GenxmlError(f'{path}: enum without a name')
                values = []
                what = f'{path}: enum "{name}"'
                for v in elem.findall('value'):
                    if not v.attrib.get('name'):
                        raise GenxmlError(f'{what}: value without a name')
                    values.append((v.attrib['name'], parse_int(v.attrib.get('value'), what)))
                self._add(self.enums, Enum(name, values, path), path)
            elif elem.tag == 'struct':
                self._add(self.structs, Struct(elem, path), path)
            else:
                raise GenxmlError(f'{path}: unexpected element <{elem.tag}>')

    def _add(self, table, obj, path):
        kind = 'enum' if isinstance(obj, Enum) else 'struct'
        if obj.name in table:
            raise GenxmlError(f'{path}: {kind} "{obj.name}" defined twice')
        for other in (self.enums, self.structs):
            for o in other.values():
                if getattr(o, 'cname', None) and getattr(obj, 'cname', None) == o.cname:
                    raise GenxmlError(f'{path}: {kind} "{obj.name}" clashes with "{o.name}"')
        table[obj.name] = obj
        self.order.append((kind, obj))
