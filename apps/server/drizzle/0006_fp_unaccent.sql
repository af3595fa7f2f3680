-- Custom SQL migration file, put your code below! --
-- fp_unaccent(text): lower-case text without Vietnamese diacritics ("Nước mắm" -> "nuoc mam", "Đ" -> "d"), so a list's
-- like filter matches with or without accents (issue 7). translate() works the same on PGlite and PostgreSQL;
-- combining marks are dropped for decomposed input. IMMUTABLE and PARALLEL SAFE so it can back an index later.
CREATE OR REPLACE FUNCTION fp_unaccent(t text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT lower(translate(t, 'àÀáÁảẢãÃạẠăĂằẰắẮẳẲẵẴặẶâÂầẦấẤẩẨẫẪậẬèÈéÉẻẺẽẼẹẸêÊềỀếẾểỂễỄệỆìÌíÍỉỈĩĨịỊòÒóÓỏỎõÕọỌôÔồỒốỐổỔỗỖộỘơƠờỜớỚởỞỡỠợỢùÙúÚủỦũŨụỤưƯừỪứỨửỬữỮựỰỳỲýÝỷỶỹỸỵỴđĐ̛̣̀́̂̃̆̉', 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaeeeeeeeeeeeeeeeeeeeeeeiiiiiiiiiioooooooooooooooooooooooooooooooooouuuuuuuuuuuuuuuuuuuuuuyyyyyyyyyydd')) $$;
