# Checks that the documentation references in the code resolve (CTest: doc_references).
#
#   cmake -DROOT=<source dir> [-DSTRICT=ON] -P tests/docs/CheckDocReferences.cmake
#
# (a) Every section number cited with a section sign in *.h / *.cpp under model/, widgets/, app/
#     and tests/ ("vehicle-model §2.4.5", or a bare "§2.3, §2.4" in a
#     list; both ends of a range such as "§2.16-2.17") must be the number of a heading of
#     docs/vehicle-model.md ("#### 2.4.5 Title" or "## 2. Title"). Every section sign in those
#     files refers to vehicle-model.md; cite other documents' sections without it. The section
#     numbers the two docs cite of each other are checked the same way.
# (b) Every heading cited by name, conventions.md "Heading", must be a "## Heading" of
#     docs/conventions.md.
# (c) With STRICT=ON, no source file may name the project's input documents that live outside the
#     repository (outside_docs below: the repository documents itself in docs/), and every
#     docs/<name>.md a source mentions must exist. Without STRICT both are only listed as notes.
#
# Failures are printed as "file:line: message", one per line, then the script fails.

cmake_minimum_required(VERSION 3.21)

# The design page and the model specification the project started from are inputs kept beside the
# repository, not in it; code must cite docs/ instead. (The names are spelt as patterns so that
# this file does not mention them itself.)
set(outside_docs "DESIGN[.]md|shared/|physx-vehicle-model[.]md")

if(NOT DEFINED ROOT OR NOT IS_DIRECTORY "${ROOT}")
  message(FATAL_ERROR "usage: cmake -DROOT=<source dir> [-DSTRICT=ON] -P CheckDocReferences.cmake")
endif()
get_filename_component(ROOT "${ROOT}" ABSOLUTE)
if(NOT DEFINED STRICT)
  set(STRICT OFF)
endif()

set(model_doc "${ROOT}/docs/vehicle-model.md")
set(conventions_doc "${ROOT}/docs/conventions.md")
foreach(doc IN ITEMS "${model_doc}" "${conventions_doc}")
  if(NOT EXISTS "${doc}")
    message(FATAL_ERROR "doc_references: ${doc} does not exist")
  endif()
endforeach()

# --- helpers ---------------------------------------------------------------------------------

include(${CMAKE_CURRENT_LIST_DIR}/LineReader.cmake)

# A cited section number, e.g. "§2.4.5", or a range "§2.16-2.17" / "§6.3 – §6.5" (hyphen or en
# dash). A range end counts only if it has a dot ("§7.6-12" means item 12 of §7.6).
# ("(§)?" and not "§?": the section sign is two bytes in UTF-8.)
set(section_regex "§[0-9]+(\\.[0-9]+)*( ?(-|–) ?(§)?[0-9]+(\\.[0-9]+)+)?")

set(failures "")
macro(fail location message_text)
  string(REPLACE ";" "<<sc>>" _failure "${location}: ${message_text}")
  list(APPEND failures "${_failure}")
endmacro()

# Collects the section numbers cited on the lines of `file` (path relative to ROOT in `rel`) into
# the global list `cited_numbers` and the locations into `where_<number>`.
function(collect_sections file rel)
  file(READ "${file}" probe)
  string(FIND "${probe}" "§" found)
  if(found EQUAL -1)
    return()
  endif()
  read_lines("${file}" lines)
  set(numbers "${cited_numbers}")
  set(n 0)
  foreach(line IN LISTS lines)
    math(EXPR n "${n} + 1")
    string(FIND "${line}" "§" pos)
    if(pos EQUAL -1)
      continue()
    endif()
    string(REGEX MATCHALL "${section_regex}" matches "${line}")
    foreach(m IN LISTS matches)
      string(REGEX MATCH "^§([0-9]+(\\.[0-9]+)*)" _ "${m}")
      set(these "${CMAKE_MATCH_1}")
      if(m MATCHES "(-|–) ?(§)?([0-9]+(\\.[0-9]+)+)$")
        list(APPEND these "${CMAKE_MATCH_3}")
      endif()
      foreach(number IN LISTS these)
        string(MAKE_C_IDENTIFIER "where_${number}" key)
        get_property(where GLOBAL PROPERTY "${key}")
        list(APPEND where "${rel}:${n}")
        set_property(GLOBAL PROPERTY "${key}" "${where}")
        list(APPEND numbers "${number}")
      endforeach()
    endforeach()
  endforeach()
  list(REMOVE_DUPLICATES numbers)
  set(cited_numbers "${numbers}" PARENT_SCOPE)
endfunction()

# --- the documents' headings -----------------------------------------------------------------

# Section numbers of vehicle-model.md (outside fenced code blocks).
set(section_headings "")
read_prose_lines("${model_doc}" lines)
set(n 0)
foreach(line IN LISTS lines)
  math(EXPR n "${n} + 1")
  if(line MATCHES "^#+ +([0-9]+(\\.[0-9]+)*)\\.?( |$)")
    set(number "${CMAKE_MATCH_1}")
    if(number IN_LIST section_headings)
      fail("docs/vehicle-model.md:${n}" "section ${number} has a second heading")
    endif()
    list(APPEND section_headings "${number}")
  endif()
endforeach()

# "## Heading" titles of conventions.md (outside fenced code blocks).
set(convention_headings "")
read_prose_lines("${conventions_doc}" lines)
foreach(line IN LISTS lines)
  if(line MATCHES "^##+ +(.*[^ ])[ ]*$")
    decode_line("${CMAKE_MATCH_1}" title)
    list(APPEND convention_headings "${title}")
  endif()
endforeach()

# --- the sources -------------------------------------------------------------------------------

set(sources "")
foreach(dir IN ITEMS model widgets app tests)
  file(GLOB_RECURSE found LIST_DIRECTORIES false "${ROOT}/${dir}/*.h" "${ROOT}/${dir}/*.cpp")
  list(APPEND sources ${found})
endforeach()
list(SORT sources)
list(LENGTH sources source_count)

set(cited_numbers "")
set(heading_citations 0)
set(legacy_mentions "")
set(missing_docs "")
foreach(file IN LISTS sources)
  file(RELATIVE_PATH rel "${ROOT}" "${file}")
  collect_sections("${file}" "${rel}")

  file(READ "${file}" probe)
  string(FIND "${probe}" ".md" has_md)
  string(FIND "${probe}" "shared/" has_shared)
  if(has_md EQUAL -1 AND has_shared EQUAL -1)
    continue()
  endif()
  read_lines("${file}" lines)
  set(n 0)
  foreach(line IN LISTS lines)
    math(EXPR n "${n} + 1")
    # (b) headings cited by name.
    string(REGEX MATCHALL "conventions\\.md,? \"[^\"]+\"" citations "${line}")
    foreach(c IN LISTS citations)
      string(REGEX REPLACE "^[^\"]*\"([^\"]+)\"$" "\\1" title "${c}")
      decode_line("${title}" title)
      math(EXPR heading_citations "${heading_citations} + 1")
      if(NOT title IN_LIST convention_headings)
        fail("${rel}:${n}" "cites the heading \"${title}\", but docs/conventions.md has no \"## ${title}\"")
      endif()
    endforeach()
    # (c) mentions of the documents outside the repository, and of docs/ files.
    if(line MATCHES "${outside_docs}")
      list(APPEND legacy_mentions "${rel}:${n}: mentions ${CMAKE_MATCH_0}")
    endif()
    string(REGEX MATCHALL "docs/[A-Za-z0-9_.-]+\\.md" doc_files "${line}")
    foreach(d IN LISTS doc_files)
      if(NOT EXISTS "${ROOT}/${d}")
        list(APPEND missing_docs "${rel}:${n}: mentions ${d}, which does not exist")
      endif()
    endforeach()
  endforeach()
endforeach()

# The two documents' own cross-references.
foreach(doc IN ITEMS "${model_doc}" "${conventions_doc}")
  file(RELATIVE_PATH rel "${ROOT}" "${doc}")
  collect_sections("${doc}" "${rel}")
endforeach()

# (a) every cited number needs a heading.
set(missing_count 0)
list(SORT cited_numbers COMPARE NATURAL)
foreach(number IN LISTS cited_numbers)
  if(NOT number IN_LIST section_headings)
    math(EXPR missing_count "${missing_count} + 1")
    string(MAKE_C_IDENTIFIER "where_${number}" key)
    get_property(where GLOBAL PROPERTY "${key}")
    list(REMOVE_DUPLICATES where)
    foreach(location IN LISTS where)
      fail("${location}" "cites §${number}, which has no heading in docs/vehicle-model.md")
    endforeach()
  endif()
endforeach()

# (c)
list(LENGTH legacy_mentions legacy_count)
if(STRICT)
  foreach(missing IN LISTS missing_docs)
    list(APPEND failures "${missing}")
  endforeach()
  foreach(mention IN LISTS legacy_mentions)
    list(APPEND failures "${mention}, outside the repository (cite docs/conventions.md or docs/vehicle-model.md)")
  endforeach()
endif()

# --- report ------------------------------------------------------------------------------------

list(LENGTH cited_numbers number_count)
list(LENGTH section_headings section_count)
message("doc_references: ${source_count} source files; ${number_count} distinct section numbers cited, "
        "${section_count} headings in docs/vehicle-model.md; ${heading_citations} heading citations")
if(NOT STRICT AND legacy_count GREATER 0)
  message("doc_references: note: ${legacy_count} lines still name documents outside the repository "
          "(an error with -DSTRICT=ON)")
endif()
if(NOT STRICT)
  foreach(missing IN LISTS missing_docs)
    message("doc_references: note: ${missing} (an error with -DSTRICT=ON)")
  endforeach()
endif()

list(LENGTH failures failure_count)
if(failure_count GREATER 0)
  list(SORT failures COMPARE NATURAL)
  foreach(f IN LISTS failures)
    decode_line("${f}" f)
    message("${f}")
  endforeach()
  message(FATAL_ERROR "doc_references: ${failure_count} broken documentation reference(s)")
endif()
message("doc_references: OK")
